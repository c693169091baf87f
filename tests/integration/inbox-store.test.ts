import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { blockFriend } from '../../src/features/friends/friends-thunks';
import {
  seenState,
  selectFriendMarker,
  selectMyLatestMessage,
} from '../../src/features/conversations/receipts/conversations-receipts-selectors';
import { chatShownChanged } from '../../src/features/conversations/receipts/conversations-receipts-slice';
import { selectTotalUnread } from '../../src/features/inbox/inbox-selectors';
import {
  chatScreenEntered,
  friendSelected,
} from '../../src/features/conversations/timeline/conversations-slice';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

function appOf(me: Person) {
  const app = storeFor(me);
  stopAfterTest(app.stop);
  return app;
}

/** `me`'s app with the chat panel on screen, open on `friend`. */
function openChat(app: ReturnType<typeof appOf>, friend: Person) {
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(chatShownChanged(true));
  app.store.dispatch(friendSelected({ uid: friend.uid, name: friend.username, photo: '' }));
}

describe('the inbox through the app stores (real gateways, emulators)', () => {
  it('counts on every session of the receiver, clears on opening, and Alice sees Seen', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const a = appOf(alice);
    const bobTab1 = appOf(bob);
    const bobTab2 = appOf(bob);
    openChat(a, bob);
    await eventually(() =>
      expect(a.store.getState().conversations).toMatchObject({ conversationId, status: 'ready' }),
    );

    await a.store.dispatch(sendMessage('One')).unwrap();
    await a.store.dispatch(sendMessage('Two')).unwrap();
    expect(a.store.getState().conversationSending.outgoing).toEqual([]);
    for (const tab of [bobTab1, bobTab2]) {
      await eventually(() => {
        expect(selectTotalUnread(tab.store.getState())).toBe(2);
        expect(tab.store.getState().inbox.entries[directKey(conversationId)]?.lastText).toBe('Two');
      });
    }

    // Bob opens the conversation in one tab: both tabs agree on zero.
    openChat(bobTab1, alice);
    for (const tab of [bobTab1, bobTab2]) {
      await eventually(() => expect(selectTotalUnread(tab.store.getState())).toBe(0));
    }
    await eventually(() => {
      const state = a.store.getState();
      const latest = selectMyLatestMessage(state);
      expect(latest?.text).toBe('Two');
      if (latest) expect(seenState(latest, selectFriendMarker(state), true)).toBe('seen');
    });
  });

  it('counts nothing from a blocked friend', async () => {
    const carol = await signUp('Carol');
    const bob = await signUp('Bob');
    const friendship = await befriend(carol, bob);
    const c = appOf(carol);
    const b = appOf(bob);
    openChat(c, bob);
    await eventually(() => expect(c.store.getState().conversations.status).toBe('ready'));
    await c.store.dispatch(sendMessage('Hello')).unwrap();
    await eventually(() => expect(selectTotalUnread(b.store.getState())).toBe(1));
    await b.store.dispatch(blockFriend(friendship)).unwrap();
    await eventually(() => expect(selectTotalUnread(b.store.getState())).toBe(0));
    // The entry stays (only Bob can reset it), but it counts for nothing now.
    expect(b.store.getState().inbox.entries[directKey(friendship.id)]?.unread).toBe(1);
  });
});
