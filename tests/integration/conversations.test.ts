import { describe, expect, it } from 'vitest';
import {
  selectConversationAvailability,
  selectConversationMessages,
} from '../../src/features/conversations/timeline/conversations-selectors';
import {
  chatScreenEntered,
  friendSelected,
  olderRequested,
} from '../../src/features/conversations/timeline/conversations-slice';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { blockFriend } from '../../src/features/friends/friends-thunks';
import { adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

/** `me`'s app with the messages screen open on `friend`. */
function chatOf(me: Person, friend: Person) {
  const app = storeFor(me);
  stopAfterTest(app.stop);
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
  const texts = () => selectConversationMessages(app.store.getState()).map((m) => m.text);
  return { ...app, texts };
}

const parties = (conversationId: string, from: Person, to: Person) => ({
  conversationId,
  from: { uid: from.uid, name: from.username },
  to: { uid: to.uid, name: to.username },
});

describe('one-to-one messages between two signed-in people', () => {
  it('exchanges messages live, and a block closes the conversation for both', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const friendship = await befriend(alice, bob);
    const conversationId = friendship.id;
    const a = chatOf(alice, bob);
    const b = chatOf(bob, alice);
    await eventually(() => {
      expect(a.store.getState().conversations).toMatchObject({ conversationId, status: 'ready' });
      expect(b.store.getState().conversations).toMatchObject({ conversationId, status: 'ready' });
    });

    // Each side acts through the app's thunks, as the composer does.
    await a.store.dispatch(sendMessage('Hi Bob')).unwrap();
    await eventually(() => expect(b.texts()).toEqual(['Hi Bob']));
    await b.store.dispatch(sendMessage('Hi Alice')).unwrap();
    await eventually(() => expect(a.texts()).toEqual(['Hi Bob', 'Hi Alice']));
    const [first] = selectConversationMessages(a.store.getState());
    expect(first).toMatchObject({ senderId: alice.uid, senderName: 'Alice', receiverId: bob.uid });
    expect(Math.abs(first.createdAt - Date.now())).toBeLessThan(60_000);

    // Nobody can write as someone else.
    await expect(
      bob.conversations.direct.send(parties(conversationId, alice, bob), 'forged'),
    ).rejects.toThrow(/permission/i);

    await a.store.dispatch(blockFriend(friendship)).unwrap();
    await eventually(() => {
      expect(selectConversationAvailability(a.store.getState()).kind).toBe('blocking');
      expect(selectConversationAvailability(b.store.getState()).kind).toBe('blockedBy');
      expect(b.store.getState().conversations.conversationId).toBeNull();
      expect(b.texts()).toEqual([]);
    });
    await expect(
      bob.conversations.direct.send(parties(conversationId, bob, alice), 'still?'),
    ).rejects.toThrow(/permission/i);
  });

  it('loads the newest page live and older pages on request', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const old: Record<string, unknown> = {};
    for (let i = 0; i < 55; i++) {
      const id = `m${String(i).padStart(3, '0')}`;
      old[`sendMessage/${conversationId}/${id}`] = {
        message: `old ${String(i)}`,
        messagesenderId: bob.uid,
        massagesenderName: 'Bob',
        messagereceiverId: alice.uid,
        messagereceiverName: 'Alice',
        createdAt: 1_000 + i,
      };
    }
    await adminUpdate(old);

    const a = chatOf(alice, bob);
    await eventually(() => expect(a.texts()).toHaveLength(50));
    expect(a.texts()[0]).toBe('old 5');
    a.store.dispatch(olderRequested());
    await eventually(() => expect(a.texts()).toHaveLength(55));
    expect(a.texts()[0]).toBe('old 0');
    expect(a.store.getState().conversations.olderExhausted).toBe(true);
  });
});
