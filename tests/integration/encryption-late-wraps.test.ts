import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { groupChatShown, sendMessage } from '../../src/features/conversations';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { chatScreenEntered } from '../../src/features/conversations/timeline/conversations-slice';
import { directKey } from '../../src/lib/conversation-key';
import { adminGet } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

// Every message is sealed, even to a party who has no device yet. The epoch key
// reaches them once they have one, wrapped by a device that holds it (late-wraps.ts).
const { signUp, stopAfterTest } = cleanBackendPerTest();

const texts = (app: DeviceApp) =>
  selectConversationMessages(app.store.getState()).map((m) => m.text);
const seals = (app: DeviceApp) =>
  selectConversationMessages(app.store.getState()).map((m) => m.sealed);

/** The owner's whole database holds none of `words`, and every stored message is sealed. */
async function dumpHoldsNone(words: string[], messagesAt: string) {
  const dump = JSON.stringify(await adminGet('/'));
  for (const word of words) expect(dump).not.toContain(word);
  const stored = (await adminGet(messagesAt)) as Record<string, { message: string }>;
  expect(Object.keys(stored).length).toBeGreaterThan(0);
  for (const message of Object.values(stored)) expect(message.message).toMatch(/^s2\./);
}

describe('a message to a friend who has no device yet', () => {
  it('is sealed; Bob reads it once Alice’s app, back online, wraps the key for his first device', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = await deviceApp(alice, stopAfterTest);
    a.openChatWith(bob);
    await eventually(() => expect(a.store.getState().conversations.status).toBe('ready'));

    await a.store.dispatch(sendMessage('the spare key is under the geranium')).unwrap();
    await dumpHoldsNone(['spare', 'geranium'], `sendMessage/${conversationId}`);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/lastText`)).toMatch(/^s2\./);
    const owed = (await adminGet(`conversationKeyWaits/${conversationId}/${bob.uid}`)) as object;
    expect(Object.values(owed)).toEqual([{ of: alice.uid }]);

    // Bob signs in for the first time while Alice's app is offline: no one can wrap yet.
    goOffline(alice.client.db);
    const b = await deviceApp(bob, stopAfterTest);
    b.openChatWith(alice);
    await eventually(() => expect(seals(b)).toEqual(['no-key']), 10_000);
    expect(texts(b)).toEqual(['']);

    // Alice's app comes back: it wraps her epoch for Bob's device, and his chat opens it live.
    goOnline(alice.client.db);
    await eventually(
      () => expect(texts(b)).toEqual(['the spare key is under the geranium']),
      15_000,
    );
    expect(seals(b)).toEqual(['open']);
    await eventually(() =>
      expect(b.store.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe(
        'the spare key is under the geranium',
      ),
    );
    // The wrap is Alice's, and the wait is served: a device Bob adds later needs his approval.
    const waits = (await adminGet(`conversationKeyWaits/${conversationId}/${bob.uid}`)) as Record<
      string,
      { served?: boolean }
    >;
    expect(Object.values(waits).map((w) => w.served)).toEqual([true]);
    await b.store.dispatch(sendMessage('found it, thanks')).unwrap();
    await eventually(() => expect(texts(a)).toContain('found it, thanks'));
  });
});

describe('a group message while a member has no device yet', () => {
  it('is sealed; another member’s device wraps it for Carol, the sender being gone', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    await befriend(alice, bob);
    await befriend(alice, carol);
    const groupId = await hikersThroughGateways(alice, [bob, carol]);
    const stops: Array<() => unknown> = [];
    const a = await deviceApp(alice, (stop) => {
      stops.push(stop);
      stopAfterTest(stop);
    });
    const b = await deviceApp(bob, stopAfterTest);
    await sendIn(a, groupId, 'we meet at the trailhead at dawn');
    await eventually(() => expect(texts(shown(b, groupId))).toHaveLength(1), 10_000);
    expect(texts(b)).toEqual(['we meet at the trailhead at dawn']);
    await dumpHoldsNone(['trailhead', 'dawn'], `groupMessages/${groupId}`);
    expect(await adminGet(`groupKeyWaits/${groupId}/${bob.uid}`)).toBeNull();

    // Alice signs out; Carol signs in for the first time. Bob's device holds Alice's epoch.
    for (const stop of stops) await stop();
    const c = await deviceApp(carol, stopAfterTest);
    await eventually(
      () => expect(texts(shown(c, groupId))).toEqual(['we meet at the trailhead at dawn']),
      15_000,
    );
    const waits = (await adminGet(`groupKeyWaits/${groupId}/${carol.uid}`)) as Record<
      string,
      { of: string; served?: boolean }
    >;
    expect(Object.values(waits)).toEqual([
      expect.objectContaining({ of: alice.uid, served: true }),
    ]);
    const wraps = (await adminGet(`groupKeys/${groupId}/${carol.uid}`)) as Record<
      string,
      Record<string, { by: string }>
    >;
    expect(Object.values(wraps).flatMap((e) => Object.values(e).map((w) => w.by))).toEqual([
      bob.uid,
    ]);
  });
});

function shown(app: DeviceApp, groupId: string) {
  if (app.store.getState().conversations.selectedGroup !== groupId) {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(groupChatShown(groupId));
  }
  return app;
}

async function sendIn(app: DeviceApp, groupId: string, text: string) {
  shown(app, groupId);
  await eventually(() => expect(app.store.getState().memberships.rosters[groupId]).toBeDefined());
  await app.store.dispatch(sendMessage(text)).unwrap();
}
