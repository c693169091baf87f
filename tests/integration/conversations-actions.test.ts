import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/lib/firebase/conversations-message';
import { makeConversationsApi } from '../../src/lib/firebase/conversations';
import { retryChatMessage, sendChatMessage } from '../../src/features/conversations';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/conversations-slice';
import { adminGet, signInClient } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

// Issue 25: edit, delete, react and hide between two people and two sessions of one, live.
const { signUp, stopAfterTest } = cleanBackendPerTest();

const parties = (relId: string, from: Person, to: Person) => ({
  relId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

/** The latest page of a conversation as one client sees it, live. */
function livePage(api: ReturnType<typeof makeConversationsApi>, relId: string) {
  const seen: { messages: ChatMessage[] } = { messages: [] };
  const stop = api.direct.subscribeLatest(
    { id: relId, pageSize: 50 },
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
  const { id: relId } = await befriend(alice, bob);
  const secondDevice = await signInClient('bob@example.com', 'Secret123');
  stopAfterTest(() => secondDevice.close());
  return { alice, bob, relId, bobsLaptop: makeConversationsApi(secondDevice.db) };
}

describe('message actions between two people', () => {
  it('shows an edit, a reaction, a delete and a hide live to the other party and session', async () => {
    const { alice, bob, relId, bobsLaptop } = await friends();
    const fromAlice = parties(relId, alice, bob);
    const fromBob = parties(relId, bob, alice);
    const phone = livePage(bob.conversations, relId);
    const laptop = livePage(bobsLaptop, relId);
    const alices = livePage(alice.conversations, relId);

    const sent = alice.conversations.direct.send(fromAlice, 'see you at 8?');
    await sent.acked;
    await eventually(() => expect(phone.byId(sent.id)).toBeDefined());
    const original = alices.byId(sent.id) as ChatMessage;

    await alice.conversations.direct.edit(fromAlice, original, 'see you at 9?', true);
    await eventually(() => {
      for (const page of [phone, laptop]) {
        expect(page.byId(sent.id)?.message).toBe('see you at 9?');
        expect(page.byId(sent.id)?.editedAt).toBeGreaterThan(0);
      }
    });
    expect(await adminGet(`inbox/${bob.uid}/${relId}/lastText`)).toBe('see you at 9?');

    await bob.conversations.direct.react(fromBob, phone.byId(sent.id) as ChatMessage, '👍', true);
    await eventually(() => {
      expect(Object.keys(alices.byId(sent.id)?.reactions?.['👍'] ?? {})).toEqual([bob.uid]);
      expect(laptop.byId(sent.id)?.reactions?.['👍']).toBeDefined();
    });
    expect(await adminGet(`inbox/${alice.uid}/${relId}/reaction`)).toMatchObject({
      by: bob.uid,
      emoji: '👍',
      messageId: sent.id,
      text: 'see you at 9?',
    });
    await bob.conversations.direct.react(fromBob, phone.byId(sent.id) as ChatMessage, '👍', false);
    await eventually(() => expect(alices.byId(sent.id)?.reactions).toBeUndefined());
    expect(await adminGet(`inbox/${alice.uid}/${relId}/reaction`)).toBeNull();

    await alice.conversations.direct.remove(fromAlice, alices.byId(sent.id) as ChatMessage, true);
    await eventually(() => {
      expect(phone.byId(sent.id)).toMatchObject({ deleted: true, message: '' });
      expect(laptop.byId(sent.id)?.deleted).toBe(true);
    });
    expect(await adminGet(`inbox/${bob.uid}/${relId}`)).toMatchObject({
      lastKind: 'deleted',
      lastText: '',
    });

    const other = alice.conversations.direct.send(fromAlice, 'hide me');
    await other.acked;
    const hidden: Set<string>[] = [];
    stopAfterTest(
      bobsLaptop.direct.subscribeHidden(
        bob.uid,
        relId,
        (ids) => hidden.push(ids),
        (error) => {
          throw error;
        },
      ),
    );
    await bob.conversations.direct.hide(bob.uid, relId, other.id);
    await eventually(() => expect(hidden.at(-1)?.has(other.id)).toBe(true));
    expect(await adminGet(`hiddenMessages/${alice.uid}`)).toBeNull();
  });

  it('delivers an edit and a reaction made offline once, after reconnecting', async () => {
    const { alice, bob, relId } = await friends();
    const fromAlice = parties(relId, alice, bob);
    const alices = livePage(alice.conversations, relId);
    const phone = livePage(bob.conversations, relId);
    const mine = alice.conversations.direct.send(fromAlice, 'at the station');
    const bobs = bob.conversations.direct.send(parties(relId, bob, alice), 'ok');
    await Promise.all([mine.acked, bobs.acked]);
    await eventually(() => expect(alices.byId(bobs.id)).toBeDefined());

    goOffline(alice.client.db);
    const edited = alice.conversations.direct.edit(
      fromAlice,
      alices.byId(mine.id) as ChatMessage,
      'at the big station',
      false,
    );
    const reacted = alice.conversations.direct.react(
      fromAlice,
      alices.byId(bobs.id) as ChatMessage,
      '🙏',
      true,
    );
    // Shown at once on the offline device, stored nowhere yet.
    await eventually(() => expect(alices.byId(mine.id)?.message).toBe('at the big station'));
    expect(await adminGet(`sendMessage/${relId}/${mine.id}/message`)).toBe('at the station');

    goOnline(alice.client.db);
    await Promise.all([edited, reacted]);
    await eventually(() => {
      expect(phone.byId(mine.id)?.message).toBe('at the big station');
      expect(Object.keys(phone.byId(bobs.id)?.reactions?.['🙏'] ?? {})).toEqual([alice.uid]);
    });
    expect(await adminGet(`sendMessage/${relId}/${bobs.id}/reactions`)).toEqual({
      '🙏': { [alice.uid]: expect.any(Number) as number },
    });
  });
});

/** `me`'s app with the messages screen open on `friend`, once its conversation is read. */
async function chatOf(me: Person, friend: Person, relId: string) {
  const app = storeFor(me);
  stopAfterTest(app.stop);
  await app.ready();
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
  await eventually(() =>
    expect(app.store.getState().conversations).toMatchObject({ relId, status: 'ready' }),
  );
  return app;
}

describe('a refused reply', () => {
  it('keeps its quote when failed, and Retry stores it with replyTo', async () => {
    const { alice, bob, relId } = await friends();
    const app = await chatOf(alice, bob, relId);
    // Bob's message is not stored yet (he is offline): a quote of it is refused by the rules.
    goOffline(bob.client.db);
    const quoted = bob.conversations.direct.send(parties(relId, bob, alice), 'which train?');
    const first = await app.store.dispatch(
      sendChatMessage({ text: 'the 8:15', replyTo: quoted.id }),
    );
    expect(first.payload).toMatch(/Could not send the message/);
    const [failed] = app.store.getState().conversationSending.outgoing;
    expect(failed).toMatchObject({ state: 'failed', extras: { replyTo: quoted.id } });
    expect(await adminGet(`sendMessage/${relId}/${failed.id}`)).toBeNull();

    goOnline(bob.client.db);
    await quoted.acked;
    await app.store.dispatch(retryChatMessage(failed)).unwrap();
    expect(await adminGet(`sendMessage/${relId}/${failed.id}`)).toMatchObject({
      message: 'the 8:15',
      replyTo: quoted.id,
    });
    expect(app.store.getState().conversationSending.outgoing).toEqual([]);
  });

  it('queued offline, a reply stays pending with its quote and is stored with it', async () => {
    const { alice, bob, relId } = await friends();
    const quoted = bob.conversations.direct.send(parties(relId, bob, alice), 'which train?');
    await quoted.acked;
    const app = await chatOf(alice, bob, relId);
    goOffline(alice.client.db);
    const sending = app.store.dispatch(sendChatMessage({ text: 'the 8:15', replyTo: quoted.id }));
    await eventually(() =>
      expect(app.store.getState().conversationSending.outgoing).toMatchObject([
        { state: 'pending', text: 'the 8:15', extras: { replyTo: quoted.id } },
      ]),
    );
    const [pending] = app.store.getState().conversationSending.outgoing;
    goOnline(alice.client.db);
    await sending.unwrap();
    expect(await adminGet(`sendMessage/${relId}/${pending.id}/replyTo`)).toBe(quoted.id);
    expect(app.store.getState().conversationSending.outgoing).toEqual([]);
  });
});
