import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import { directKey, groupKey, type ConversationKey } from '../../lib/conversation-key';
import { totalUnread, type InboxEntry } from '../../lib/firebase/inbox/shapes';
import { selectFriendRows, type FriendRow } from '../friends';
import { selectMyGroupIds } from '../groups';
import { arrangeRows, isArchived, selectMutedKeys, selectPins } from './inbox-prefs-selectors';

export interface ConversationRow extends FriendRow {
  entry: InboxEntry | null;
}

const selectEntries = (state: RootState) => state.inbox.entries;

/**
 * My friends as conversations: the most recent activity first, then friends I have never
 * written with, by name. Entries of blocked or former friends are not listed.
 */
export const selectConversationRows = createSelector(
  [selectFriendRows, selectEntries],
  (friends, entries): ConversationRow[] => {
    const rows = friends.map((row) => ({
      ...row,
      entry: entries[directKey(row.friendship.id)] ?? null,
    }));
    // A stable sort keeps the name order among friends without messages.
    return rows.sort((a, b) => (b.entry?.lastAt ?? -1) - (a.entry?.lastAt ?? -1));
  },
);

/** Unread messages over my current friendships and groups only, muted ones left out. */
export const selectTotalUnread = createSelector(
  [selectFriendRows, selectMyGroupIds, selectEntries, selectMutedKeys],
  (friends, groups, entries, muted) =>
    totalUnread(
      entries,
      [...friends.map((f) => directKey(f.friendship.id)), ...groups.map(groupKey)].filter(
        (key) => !muted.has(key),
      ),
    ),
);

/** The conversation list as shown: pinned first, archived apart at the end. */
export const selectArrangedConversationRows = createSelector(
  [
    selectConversationRows,
    selectPins,
    selectMutedKeys,
    (state: RootState) => state.inboxPrefs.prefs.byKey,
  ],
  (rows, pins, muted, byKey) => {
    const keyOf = (row: ConversationRow) => directKey(row.friendship.id);
    return arrangeRows(rows, keyOf, pins, (row) =>
      isArchived(byKey[keyOf(row)], row.entry, muted.has(keyOf(row))),
    );
  },
);

/** Every inbox entry of mine by conversation key, live (the desktop notifications watch it). */
export const selectInboxEntries = selectEntries;
/** My inbox has loaded once since sign-in: entries seen then are not news. */
export const selectInboxReady = (state: RootState) => state.inbox.status === 'ready';

/** My inbox entry of a conversation (a friendship's or a group's), or null. */
export const selectInboxEntry = (state: RootState, key: ConversationKey): InboxEntry | null =>
  state.inbox.entries[key] ?? null;

export const selectUnreadOf = (state: RootState, key: ConversationKey | null): number =>
  key ? (state.inbox.entries[key]?.unread ?? 0) : 0;

export const selectOffline = (state: RootState) => state.inbox.connection === 'offline';
