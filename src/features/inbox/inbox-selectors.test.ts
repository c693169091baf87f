// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../lib/firebase/conversations/message';
import type { InboxEntry } from '../../lib/firebase/inbox/entry';
import { inboxEntryAt } from '../../testing/inbox-fixtures';
import { sampleUser, signedIn } from '../../testing/session-fixtures';
import { makeTestStore } from '../../testing/test-store';
import { formatConversationTime, previewOf, reactionPreview } from './conversation-time';
import { inboxStrings } from './inbox-strings';
import {
  seenState,
  selectHasPending,
} from '../conversations/receipts/conversations-receipts-selectors';
import {
  sendAcked,
  sendFailed,
  sendStarted,
} from '../conversations/sending/conversations-sending-slice';
import { selectConversationRows, selectTotalUnread } from './inbox-selectors';
import { inboxReceived } from './inbox-slice';

// Bo's 'Hi' at 1000 unless the fields say otherwise.
const entry = inboxEntryAt(61_000);
const message = (createdAt: number): ConversationMessage => ({
  id: 'm1',
  text: 'x',
  senderId: 'me',
  senderName: 'Mia',
  receiverId: 'bo',
  receiverName: 'Bo',
  createdAt,
});

describe('inbox selectors', () => {
  it('counts unread only for current friendships, and lists friends by activity then name', () => {
    const store = makeTestStore(signedIn({ ...sampleUser, uid: 'me' }));
    const friend = (uid: string, name: string) => ({
      id: `rel-${uid}`,
      senderId: uid,
      senderName: name,
      receiverId: 'me',
      receiverName: 'Mia',
      photo: '',
    });
    // The friends list as its listener delivers it (the friends feature's own action).
    store.dispatch({
      type: 'friends/friendsReceived',
      payload: [friend('bo', 'Bo'), friend('al', 'Al'), friend('cy', 'Cy')],
    });
    store.dispatch(
      inboxReceived({
        'd:rel-bo': entry('rel-bo', { unread: 2, lastAt: 50 }),
        'd:rel-cy': entry('rel-cy', { unread: 1, lastAt: 80 }),
        // A blocked or former friend's conversation keeps its entry but counts for nothing.
        'd:rel-gone': entry('rel-gone', { unread: 7, lastAt: 99 }),
        // A group (not mine) whose id is Al's friendship's: never Al's conversation.
        'g:rel-al': entry('rel-al', { kind: 'group', unread: 5, lastAt: 120 }),
      }),
    );
    expect(selectTotalUnread(store.getState())).toBe(3);
    expect(selectConversationRows(store.getState()).map((r) => r.friend.name)).toEqual([
      'Cy',
      'Bo',
      'Al',
    ]);
    expect(selectConversationRows(store.getState())[2]?.entry).toBeNull();
  });

  it('tracks pending sends until acked, and keeps failed ones', () => {
    const store = makeTestStore();
    store.dispatch(sendStarted({ id: 'a', key: 'd:r', text: 'one' }));
    store.dispatch(sendStarted({ id: 'b', key: 'd:r', text: 'two' }));
    expect(selectHasPending(store.getState())).toBe(true);
    store.dispatch(sendAcked('a'));
    store.dispatch(sendFailed('b'));
    expect(selectHasPending(store.getState())).toBe(false);
    expect(store.getState().conversationSending.outgoing).toEqual([
      { id: 'b', key: 'd:r', text: 'two', state: 'failed' },
    ]);
  });

  it('says Seen once the marker reaches the message, never with receipts off', () => {
    expect(seenState(message(100), null, true)).toBe('sent');
    expect(seenState(message(100), { at: 99 }, true)).toBe('sent');
    expect(seenState(message(100), { at: 100 }, true)).toBe('seen');
    expect(seenState(message(100), { at: 500 }, false)).toBe('sent');
  });
});

describe('conversation list text', () => {
  it('prefixes my messages and names other kinds', () => {
    expect(previewOf(entry('r', { lastSenderId: 'me', lastText: 'Ok' }), 'me')).toBe('You: Ok');
    expect(previewOf(entry('r', { lastText: 'Ok' }), 'me')).toBe('Ok');
    const image = { ...entry('r'), lastKind: 'image' } as unknown as InboxEntry;
    expect(previewOf(image, 'me')).toBe('Photo');
    const deleted: InboxEntry = { ...entry('r'), lastKind: 'deleted', lastText: '' };
    expect(previewOf(deleted, 'me')).toBe('This message was deleted');
    expect(previewOf({ ...deleted, lastSenderId: 'me' }, 'me')).toBe(
      'You: This message was deleted',
    );
  });

  it('shows the message before a last one I deleted for me, or nothing, never its words', () => {
    const mine = entry('r', { lastMessageId: 'm2', lastSenderId: 'me', lastText: 'oops' });
    const shown = { messageId: 'm1', senderId: 'bo', text: 'Hi', kind: 'text' as const, at: 900 };
    expect(previewOf({ ...mine, cover: { over: 'm2', shown } }, 'me')).toBe('Hi');
    const myOwn = { ...shown, senderId: 'me' };
    expect(previewOf({ ...mine, cover: { over: 'm2', shown: myOwn } }, 'me')).toBe('You: Hi');
    expect(previewOf({ ...mine, cover: { over: 'm2', shown: null } }, 'me')).toBe('');
    // A newer message since: the row shows it.
    expect(previewOf({ ...mine, cover: { over: 'm0', shown } }, 'me')).toBe('You: oops');
    // Nor does a reaction to it quote it.
    const reaction = {
      by: 'bo',
      emoji: '👍',
      messageId: 'm2',
      text: 'oops',
      kind: 'text' as const,
    };
    const reacted = { ...mine, reaction: { ...reaction, at: 2000 } };
    expect(reactionPreview(reacted, 'Bo')).toBe(inboxStrings.reacted('Bo', '👍', 'oops'));
    expect(reactionPreview({ ...reacted, cover: { over: 'm2', shown } }, 'Bo')).toBeNull();
  });

  it('shows the time today, the weekday this week, the date before', () => {
    const now = new Date(2026, 10, 25, 15, 0).getTime();
    const today = new Date(2026, 10, 25, 9, 5).getTime();
    const twoDaysAgo = new Date(2026, 10, 23, 9, 5).getTime();
    const lastMonth = new Date(2026, 9, 2, 9, 5).getTime();
    expect(formatConversationTime(today, now)).toBe(
      new Date(today).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
    );
    expect(formatConversationTime(twoDaysAgo, now)).toBe(
      new Date(twoDaysAgo).toLocaleDateString(undefined, { weekday: 'short' }),
    );
    expect(formatConversationTime(lastMonth, now)).toBe(
      new Date(lastMonth).toLocaleDateString(undefined, { day: 'numeric', month: 'short' }),
    );
  });
});
