import { goOffline, goOnline, ref, serverTimestamp, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { makeConversationsApi } from '../../src/lib/firebase/conversations/gateway';
import { retryMessage, sendMessage } from '../../src/features/conversations';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { editWrite, removeWrite } from '../../src/lib/firebase/conversations/actions-write';
import { adminGet, signInClient } from '../support/backend';
import { writeHikersGroup } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

// Edit, delete, react and hide between two people and two sessions of one, live.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const parties = (conversationId: string, from: Person, to: Person) => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

/** The latest page of a conversation as one client sees it, live. */
function livePage(api: ReturnType<typeof makeConversationsApi>, conversationId: string) {
  const seen: { messages: ConversationMessage[] } = { messages: [] };
  const stop = api.direct.subscribeLatest(
    { id: conversationId, pageSize: 50 },
    (messages) => (seen.messages = messages),
    (error) => {
      throw error;
    },
  );
  stopAfterTest(stop);
  return { byId: (id: string) => seen.messages.find((m) => m.id === id) };
}

async function friends() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const secondDevice = await signInClient('bob@example.com', 'Secret123');
  stopAfterTest(() => secondDevice.close());
  return { alice, bob, conversationId, bobsLaptop: makeConversationsApi(secondDevice.db) };
}

describe('message actions between two people', () => {
  it('shows an edit, a reaction, a delete and a hide live to the other party and session', async () => {
    const { alice, bob, conversationId, bobsLaptop } = await friends();
    const fromAlice = parties(conversationId, alice, bob);
    const fromBob = parties(conversationId, bob, alice);
    const phone = livePage(bob.conversations, conversationId);
    const laptop = livePage(bobsLaptop, conversationId);
    const alices = livePage(alice.conversations, conversationId);

    const sent = alice.conversations.direct.send(fromAlice, 'see you at 8?');
    await sent.acked;
    await eventually(() => expect(phone.byId(sent.id)).toBeDefined());
    const original = alices.byId(sent.id) as ConversationMessage;

    await alice.conversations.direct.edit(fromAlice, original, 'see you at 9?', true);
    await eventually(() => {
      for (const page of [phone, laptop]) {
        expect(page.byId(sent.id)?.text).toBe('see you at 9?');
        expect(page.byId(sent.id)?.editedAt).toBeGreaterThan(0);
      }
    });
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/lastText`)).toBe('see you at 9?');

    await bob.conversations.direct.react(
      fromBob,
      phone.byId(sent.id) as ConversationMessage,
      '👍',
      true,
    );
    await eventually(() => {
      expect(Object.keys(alices.byId(sent.id)?.reactions?.['👍'] ?? {})).toEqual([bob.uid]);
      expect(laptop.byId(sent.id)?.reactions?.['👍']).toBeDefined();
    });
    expect(await adminGet(`inbox/${alice.uid}/${conversationId}/reaction`)).toMatchObject({
      by: bob.uid,
      emoji: '👍',
      messageId: sent.id,
      text: 'see you at 9?',
    });
    await bob.conversations.direct.react(
      fromBob,
      phone.byId(sent.id) as ConversationMessage,
      '👍',
      false,
    );
    await eventually(() => expect(alices.byId(sent.id)?.reactions).toBeUndefined());
    expect(await adminGet(`inbox/${alice.uid}/${conversationId}/reaction`)).toBeNull();

    await alice.conversations.direct.remove(
      fromAlice,
      alices.byId(sent.id) as ConversationMessage,
      true,
    );
    await eventually(() => {
      expect(phone.byId(sent.id)).toMatchObject({ deleted: true, text: '' });
      expect(laptop.byId(sent.id)?.deleted).toBe(true);
    });
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}`)).toMatchObject({
      lastKind: 'deleted',
      lastText: '',
    });

    const other = alice.conversations.direct.send(fromAlice, 'hide me');
    await other.acked;
    const hidden: Set<string>[] = [];
    stopAfterTest(
      bobsLaptop.direct.subscribeHidden(
        bob.uid,
        conversationId,
        (ids) => hidden.push(ids),
        (error) => {
          throw error;
        },
      ),
    );
    await bob.conversations.direct.hide(bob.uid, conversationId, other.id);
    await eventually(() => expect(hidden.at(-1)?.has(other.id)).toBe(true));
    expect(await adminGet(`hiddenMessages/${alice.uid}`)).toBeNull();
  });

  it('delivers an edit and a reaction made offline once, after reconnecting', async () => {
    const { alice, bob, conversationId } = await friends();
    const fromAlice = parties(conversationId, alice, bob);
    const alices = livePage(alice.conversations, conversationId);
    const phone = livePage(bob.conversations, conversationId);
    const mine = alice.conversations.direct.send(fromAlice, 'at the station');
    const bobs = bob.conversations.direct.send(parties(conversationId, bob, alice), 'ok');
    await Promise.all([mine.acked, bobs.acked]);
    await eventually(() => expect(alices.byId(bobs.id)).toBeDefined());

    goOffline(alice.client.db);
    const edited = alice.conversations.direct.edit(
      fromAlice,
      alices.byId(mine.id) as ConversationMessage,
      'at the big station',
      false,
    );
    const reacted = alice.conversations.direct.react(
      fromAlice,
      alices.byId(bobs.id) as ConversationMessage,
      '🙏',
      true,
    );
    // Shown at once on the offline device, stored nowhere yet.
    await eventually(() => expect(alices.byId(mine.id)?.text).toBe('at the big station'));
    expect(await adminGet(`sendMessage/${conversationId}/${mine.id}/message`)).toBe(
      'at the station',
    );

    goOnline(alice.client.db);
    await Promise.all([edited, reacted]);
    await eventually(() => {
      expect(phone.byId(mine.id)?.text).toBe('at the big station');
      expect(Object.keys(phone.byId(bobs.id)?.reactions?.['🙏'] ?? {})).toEqual([alice.uid]);
    });
    expect(await adminGet(`sendMessage/${conversationId}/${bobs.id}/reactions`)).toEqual({
      '🙏': { [alice.uid]: expect.any(Number) as number },
    });
  });
});

/** `me`'s app with the messages screen open on `friend`, once its conversation is read. */
async function chatOf(me: Person, friend: Person, conversationId: string) {
  const app = storeFor(me);
  stopAfterTest(app.stop);
  await app.ready();
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
  await eventually(() =>
    expect(app.store.getState().conversations).toMatchObject({ conversationId, status: 'ready' }),
  );
  return app;
}

describe('a refused reply', () => {
  it('keeps its quote when failed, and Retry stores it with replyTo', async () => {
    const { alice, bob, conversationId } = await friends();
    const app = await chatOf(alice, bob, conversationId);
    // Bob's message is not stored yet (he is offline): a quote of it is refused by the rules.
    goOffline(bob.client.db);
    const quoted = bob.conversations.direct.send(
      parties(conversationId, bob, alice),
      'which train?',
    );
    const first = await app.store.dispatch(sendMessage({ text: 'the 8:15', replyTo: quoted.id }));
    expect(first.payload).toMatch(/Could not send the message/);
    const [failed] = app.store.getState().conversationSending.outgoing;
    expect(failed).toMatchObject({ state: 'failed', extras: { replyTo: quoted.id } });
    expect(await adminGet(`sendMessage/${conversationId}/${failed.id}`)).toBeNull();

    goOnline(bob.client.db);
    await quoted.acked;
    await app.store.dispatch(retryMessage(failed)).unwrap();
    expect(await adminGet(`sendMessage/${conversationId}/${failed.id}`)).toMatchObject({
      message: 'the 8:15',
      replyTo: quoted.id,
    });
    expect(app.store.getState().conversationSending.outgoing).toEqual([]);
  });

  it('queued offline, a reply stays pending with its quote and is stored with it', async () => {
    const { alice, bob, conversationId } = await friends();
    const quoted = bob.conversations.direct.send(
      parties(conversationId, bob, alice),
      'which train?',
    );
    await quoted.acked;
    const app = await chatOf(alice, bob, conversationId);
    goOffline(alice.client.db);
    const sending = app.store.dispatch(sendMessage({ text: 'the 8:15', replyTo: quoted.id }));
    await eventually(() =>
      expect(app.store.getState().conversationSending.outgoing).toMatchObject([
        { state: 'pending', text: 'the 8:15', extras: { replyTo: quoted.id } },
      ]),
    );
    const [pending] = app.store.getState().conversationSending.outgoing;
    goOnline(alice.client.db);
    await sending.unwrap();
    expect(await adminGet(`sendMessage/${conversationId}/${pending.id}/replyTo`)).toBe(quoted.id);
    expect(app.store.getState().conversationSending.outgoing).toEqual([]);
  });
});

/** A stored message as its sender's app holds it (what the actions are given). */
async function loaded(
  api: ReturnType<typeof makeConversationsApi>,
  kind: 'direct' | 'group',
  conversationId: string,
  id: string,
) {
  const message = await api[kind].fetchOne(conversationId, id);
  if (!message) throw new Error(`${id} is not stored`);
  return message;
}

describe('an edit or delete of the last message, raced by a newer one', () => {
  it("1:1: lands without the preview when the friend's entry names a newer message", async () => {
    const { alice, bob, conversationId } = await friends();
    const mine = alice.conversations.direct.send(
      parties(conversationId, alice, bob),
      'see you at 7',
    );
    await mine.acked;
    // Bob answers before Alice's app has seen it: for her, hers is still the last message.
    await bob.conversations.direct.send(parties(conversationId, bob, alice), 'ok, at 7').acked;
    const stale = await loaded(alice.conversations, 'direct', conversationId, mine.id);
    const scope = { kind: 'direct' as const, conversationId: conversationId, me: alice.uid };
    const everyone = [alice.uid, bob.uid];
    // The race is real: the update with the preview follow-up is refused as a whole.
    await expect(
      update(
        ref(alice.client.db),
        editWrite({ ...scope, everyone }, stale, 'see you at 8', true, serverTimestamp()),
      ),
    ).rejects.toThrow(/permission/i);

    await alice.conversations.direct.edit(
      parties(conversationId, alice, bob),
      stale,
      'see you at 8',
      true,
    );
    expect(await adminGet(`sendMessage/${conversationId}/${mine.id}/message`)).toBe('see you at 8');
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}`)).toMatchObject({
      lastText: 'ok, at 7',
    });

    const edited = await loaded(alice.conversations, 'direct', conversationId, mine.id);
    await expect(
      update(
        ref(alice.client.db),
        removeWrite({ ...scope, everyone }, edited, true, serverTimestamp()),
      ),
    ).rejects.toThrow(/permission/i);
    await alice.conversations.direct.remove(parties(conversationId, alice, bob), edited, true);
    expect(await adminGet(`sendMessage/${conversationId}/${mine.id}/deleted`)).toBe(true);
    expect(await adminGet(`sendMessage/${conversationId}/${mine.id}/message`)).toBeNull();
    expect(await adminGet(`inbox/${alice.uid}/${conversationId}`)).toMatchObject({
      lastText: 'ok, at 7',
      lastKind: 'text',
    });
  });

  it("group: lands without the preview when a member's entry names a newer message", async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const carol = await signUp('Carol');
    const groupId = '-NintRaceHikers00001';
    await writeHikersGroup(groupId, alice, [bob, carol]);
    const from = (p: Person, ...to: Person[]) => ({
      groupId,
      from: { uid: p.uid, name: p.username },
      to: to.map((t) => t.uid),
    });
    const mine = bob.conversations.group.send(from(bob, alice, carol), 'Saturday at 7?');
    await mine.acked;
    await carol.conversations.group.send(from(carol, alice, bob), 'I am in').acked;
    const stale = await loaded(bob.conversations, 'group', groupId, mine.id);
    const scope = {
      kind: 'group' as const,
      conversationId: groupId,
      me: bob.uid,
      everyone: [bob.uid, alice.uid, carol.uid],
    };
    await expect(
      update(
        ref(bob.client.db),
        editWrite(scope, stale, 'Saturday at 8?', true, serverTimestamp()),
      ),
    ).rejects.toThrow(/permission/i);

    await bob.conversations.group.edit(from(bob, alice, carol), stale, 'Saturday at 8?', true);
    expect(await adminGet(`groupMessages/${groupId}/${mine.id}/message`)).toBe('Saturday at 8?');
    const edited = await loaded(bob.conversations, 'group', groupId, mine.id);
    await bob.conversations.group.remove(from(bob, alice, carol), edited, true);
    expect(await adminGet(`groupMessages/${groupId}/${mine.id}/deleted`)).toBe(true);
    for (const p of [alice, bob, carol]) {
      expect(await adminGet(`groupInbox/${p.uid}/${groupId}`)).toMatchObject({
        lastText: 'I am in',
        lastKind: 'text',
      });
    }
  });
});
