/**
 * The feed as the screens show it: stored entries plus "new messages" entries derived from my
 * inbox. Apart from the slice, so that importing the slice never loads the friends feature.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import { newestFirst, type AppNotification } from '../../lib/firebase/notifications/shapes';
import { selectFriendRows } from '../friends';
import { selectInboxEntries, selectMutedKeys } from '../inbox';
import { directKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/shapes';

/**
 * My 1:1 entries as the inbox has them: on every instance my conversations live on, each from
 * its own instance (docs/scaling.md), and opened as the inbox's rows are.
 */
const selectDirectEntries = createSelector([selectInboxEntries], (entries) =>
  Object.values(entries).filter((entry): entry is InboxEntry => entry?.kind === 'direct'),
);

/**
 * One unread "new messages" entry per conversation with messages I have not read, named after
 * the friend (from my friendships); it goes away when the chat marks the conversation read.
 */
const selectMessageNotifications = createSelector(
  [selectDirectEntries, selectFriendRows, selectMutedKeys],
  (conversations, friends, muted): AppNotification[] =>
    conversations.flatMap((entry) => {
      const row = friends.find((f) => f.friendship.id === entry.conversationId);
      if (entry.unread <= 0 || !row || entry.lastSenderId !== row.friend.uid) return [];
      // Clear text not from the friend's devices is no news from them (docs/security/e2ee.md).
      if (entry.alert === 'not-encrypted') return [];
      // A muted conversation tells nothing.
      if (muted.has(directKey(entry.conversationId))) return [];
      return [
        {
          id: `message:${entry.conversationId}:${entry.lastMessageId}`,
          kind: 'message' as const,
          actorId: row.friend.uid,
          actorName: row.friend.name,
          ref: entry.conversationId,
          at: entry.lastAt,
          read: false,
          count: entry.unread,
          messageId: entry.lastMessageId,
          preview: { text: entry.lastText, kind: entry.lastKind },
        },
      ];
    }),
);

/** Everything unread, newest first: stored entries and conversations with new messages. */
const selectAllUnread = createSelector(
  [(state: RootState) => state.notifications.unread, selectMessageNotifications],
  (unread, messages) => [...unread, ...messages].sort(newestFirst),
);

/** The page: the newest stored entries with the conversations' entries among them. */
export const selectFeed = createSelector(
  [(state: RootState) => state.notifications.latest, selectMessageNotifications],
  (latest, messages) => [...latest, ...messages].sort(newestFirst),
);

export const selectUnreadCount = (state: RootState) => selectAllUnread(state).length;
/**
 * What the tab title adds to the messages' unread count: unread entries other than new
 * messages, which that count already includes.
 */
export const selectTitleCount = (state: RootState) => state.notifications.unread.length;
/** More entries may exist than the page shows. */
export const selectMayHaveOlder = (state: RootState) =>
  state.notifications.latest.length >= state.notifications.limit;

/** Unread `mention` entries of group `groupId`: the '@' on its row, marked read on opening it. */
export const selectUnreadMentionIds = createSelector(
  [
    (state: RootState) => state.notifications.unread,
    (_state: RootState, groupId: string) => groupId,
  ],
  (unread, groupId): string[] =>
    unread.filter((n) => n.kind === 'mention' && n.ref === groupId && !n.read).map((n) => n.id),
);

/** Groups with an unread mention of me. */
export const selectMentionedGroups = createSelector(
  [(state: RootState) => state.notifications.unread],
  (unread): ReadonlySet<string> =>
    new Set(unread.flatMap((n) => (n.kind === 'mention' && !n.read ? [n.ref] : []))),
);
