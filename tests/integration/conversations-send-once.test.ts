/**
 * A send happens exactly once, and says so. The emulator commits a send but
 * drops its acknowledgement and the connection (tests/support/backend.ts dropNextAck); the real
 * SDK then sends the same write again on reconnect and the rules refuse it as an edit. The
 * message must be stored once, counted once, and the sender's send must resolve as sent.
 */
import { describe, expect, it } from 'vitest';
import { groupChatShown, retryMessage, sendMessage } from '../../src/features/conversations';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import {
  makeConversationImagesApi,
  type MessageImageUpload,
} from '../../src/lib/firebase/conversations/images';
import { directKey } from '../../src/lib/conversation-key';
import { adminGet, armedAckDrops, dropNextAck } from '../support/backend';
import {
  befriend,
  cleanBackendPerTest,
  eventually,
  hikersThroughApps,
  storeFor,
  type Person,
} from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();
const official = process.env.USE_OFFICIAL_EMULATORS === '1';

function appOf(person: Person) {
  const app = storeFor(person);
  stopAfterTest(app.stop);
  return app;
}

/** `me`'s app with the messages screen open on `friend`, once its conversation is read. */
async function chatOf(me: Person, friend: Person, conversationId: string) {
  const app = appOf(me);
  await app.ready();
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
  await eventually(() =>
    expect(app.store.getState().conversations).toMatchObject({ conversationId, status: 'ready' }),
  );
  return app;
}

const outgoing = (app: ReturnType<typeof appOf>) =>
  app.store.getState().conversationSending.outgoing;
const stored = async (path: string) =>
  Object.values(((await adminGet(path)) as Record<string, { message: string }> | null) ?? {});

const photo: MessageImageUpload = {
  full: `data:image/webp;base64,${'A'.repeat(2000)}`,
  thumb: `data:image/jpeg;base64,${'B'.repeat(200)}`,
  width: 160,
  height: 120,
};

describe.skipIf(official)('a send whose acknowledgement is lost', () => {
  it('one-to-one text: stored once, counted once, shown as sent; Retry adds nothing', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = await chatOf(alice, bob, conversationId);

    expect(await dropNextAck(`sendMessage/${conversationId}`)).toBe(1);
    await a.store.dispatch(sendMessage('Exactly once')).unwrap();
    expect(await armedAckDrops()).toBe(0); // The acknowledgement was dropped indeed.
    expect((await stored(`sendMessage/${conversationId}`)).map((m) => m.message)).toEqual([
      'Exactly once',
    ]);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
    expect(outgoing(a)).toEqual([]);

    // A Retry of that very message (as if it had been reported failed) writes nothing.
    const [id] = Object.keys((await adminGet(`sendMessage/${conversationId}`)) as object);
    await a.store
      .dispatch(
        retryMessage({
          id,
          key: directKey(conversationId),
          text: 'Exactly once',
          state: 'failed',
        }),
      )
      .unwrap();
    expect(await stored(`sendMessage/${conversationId}`)).toHaveLength(1);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
    expect(outgoing(a)).toEqual([]);

    // Another message under that id is not "the same message": refused, and shown as failed.
    const other = await a.store.dispatch(
      retryMessage({
        id,
        key: directKey(conversationId),
        text: 'Something else',
        state: 'failed',
      }),
    );
    expect(other.payload).toMatch(/Could not send the message/);
    expect(outgoing(a)).toEqual([
      { id, key: directKey(conversationId), text: 'Something else', state: 'failed' },
    ]);
    expect(await stored(`sendMessage/${conversationId}`)).toHaveLength(1);
  });

  it('Retry of a message that never arrived sends it once, under its own id', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = await chatOf(alice, bob, conversationId);
    const id = '-NretryOnlyOnce00001';
    const retry = () =>
      a.store
        .dispatch(
          retryMessage({
            id,
            key: directKey(conversationId),
            text: 'Lost on the way',
            state: 'failed',
          }),
        )
        .unwrap();
    await retry();
    await retry(); // A second Retry (two tabs, a double click) finds it stored.
    expect(await adminGet(`sendMessage/${conversationId}/${id}/message`)).toBe('Lost on the way');
    expect(await stored(`sendMessage/${conversationId}`)).toHaveLength(1);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
  });

  it('group text and photo: stored once, each member counted once, resolved as sent', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    await befriend(alice, bob);
    const a = appOf(alice);
    const b = appOf(bob);
    await Promise.all([a.ready(), b.ready()]);
    const groupId = await hikersThroughApps(a, [[bob, b]]);
    a.store.dispatch(groupChatShown(groupId));
    await eventually(() => expect(a.store.getState().memberships.rosters[groupId]?.length).toBe(1));

    await dropNextAck(`groupMessages/${groupId}`);
    await a.store.dispatch(sendMessage('Trail at nine')).unwrap();
    expect(await armedAckDrops()).toBe(0);
    expect(outgoing(a)).toEqual([]);

    const images = makeConversationImagesApi(alice.client.db);
    const parties = { groupId, from: { uid: alice.uid, name: 'Alice' }, to: [bob.uid] };
    await dropNextAck(`groupMessages/${groupId}`);
    const sent = images.sendToGroup(parties, photo, 'The view');
    await expect(sent.acked).resolves.toBeUndefined();
    expect(await armedAckDrops()).toBe(0);

    expect((await stored(`groupMessages/${groupId}`)).map((m) => m.message)).toEqual([
      'Trail at nine',
      'The view',
    ]);
    expect(await adminGet(`groupInbox/${bob.uid}/${groupId}/unread`)).toBe(2);
  });

  it('one-to-one photo: stored once, counted once, resolved as sent', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const images = makeConversationImagesApi(alice.client.db);
    const parties = {
      conversationId,
      from: { uid: alice.uid, name: 'Alice' },
      to: { uid: bob.uid, name: 'Bob' },
    };
    await dropNextAck(`sendMessage/${conversationId}`);
    await expect(images.send(parties, photo, '').acked).resolves.toBeUndefined();
    expect(await armedAckDrops()).toBe(0);
    expect(await stored(`sendMessage/${conversationId}`)).toHaveLength(1);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(1);
  });
});
