import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import {
  conversationKey,
  directKey,
  groupKey,
  type ConversationKey,
} from '../../lib/conversation-key';
import type { ChatMessage } from '../../lib/firebase/conversations-message';
import { totalUnread, type InboxEntry } from '../../lib/firebase/inbox-entry';
import { selectFriendRows, selectMyUid, type FriendRow } from '../friends';

/** How long after the friend's last typing signal the indicator stays (their writer renews it). */
export const TYPING_VISIBLE_MS = 5000;

export interface ConversationRow extends FriendRow {
  entry: InboxEntry | null;
}

const selectEntries = (state: RootState) => state.inbox.entries;

/** The loaded conversation's key: per-conversation state is compared by key, never by bare id. */
const selectChatKey = (state: RootState): ConversationKey | null =>
  state.conversations.relId
    ? conversationKey(state.conversations.kind, state.conversations.relId)
    : null;

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

/** Groups I run or belong to now: their entries count; former groups' entries do not. */
export const selectMyGroupIds = createSelector(
  [(state: RootState) => state.groups.mine.ids, (state: RootState) => state.memberships.mine],
  (mine, statuses): string[] => [
    ...new Set([...mine, ...Object.keys(statuses).filter((id) => statuses[id] === 'member')]),
  ],
);

/** Unread messages over my current friendships and groups only. */
export const selectTotalUnread = createSelector(
  [selectFriendRows, selectMyGroupIds, selectEntries],
  (friends, groups, entries) =>
    totalUnread(entries, [
      ...friends.map((f) => directKey(f.friendship.id)),
      ...groups.map(groupKey),
    ]),
);

/** My inbox entry of a conversation (a friendship's or a group's), or null. */
export const selectInboxEntry = (state: RootState, key: ConversationKey): InboxEntry | null =>
  state.inbox.entries[key] ?? null;

export const selectUnreadOf = (state: RootState, key: ConversationKey | null): number =>
  key ? (state.inbox.entries[key]?.unread ?? 0) : 0;

export const selectConnection = (state: RootState) => state.inbox.connection;
export const selectOffline = (state: RootState) => state.inbox.connection === 'offline';
export const selectReceiptsOn = (state: RootState) => state.inbox.receiptsOn;
export const selectOutgoing = (state: RootState) => state.inbox.outgoing;

export const selectHasPending = (state: RootState) =>
  state.inbox.outgoing.some((m) => m.state === 'pending');

export const selectOutgoingState = (state: RootState, id: string) =>
  state.inbox.outgoing.find((m) => m.id === id)?.state ?? null;

/** My messages the server refused in the open conversation: shown with Retry and Delete. */
export const selectFailedInOpenChat = createSelector(
  [selectOutgoing, selectChatKey],
  (outgoing, key) => outgoing.filter((m) => m.state === 'failed' && m.key === key),
);

/** My newest message in the open conversation (the one 'Sent' / 'Seen' is shown under). */
export const selectMyLatestMessage = (state: RootState): ChatMessage | null => {
  const me = selectMyUid(state);
  const { ids, entities } = state.conversations;
  for (let i = ids.length - 1; i >= 0; i--) {
    const message = entities[ids[i]] as ChatMessage | undefined;
    if (message?.messagesenderId === me) return message;
  }
  return null;
};

/** 'Seen' once the friend's read marker (server time) reaches the message; hidden without receipts. */
export function seenState(
  message: ChatMessage,
  marker: { at: number } | null,
  receiptsOn: boolean,
): 'seen' | 'sent' {
  return receiptsOn && marker && marker.at >= message.createdAt ? 'seen' : 'sent';
}

/** The friend's read marker of the open conversation, when my receipts are on. */
export const selectFriendMarker = (state: RootState) => {
  const { friendMarker, receiptsOn } = state.inbox;
  if (!receiptsOn || !friendMarker || friendMarker.key !== selectChatKey(state)) return null;
  return friendMarker.marker;
};

/**
 * How many others in the open group have read up to `message` ('Seen by N'): the admin and
 * current members whose read marker is at or past it. Markers exist only for people with
 * receipts on (the rules refuse the others'); with mine off I see none.
 */
export const selectSeenBy = (state: RootState, message: ChatMessage): number => {
  const { groupMarkers, receiptsOn } = state.inbox;
  const groupId = state.conversations.relId;
  if (!receiptsOn || !groupMarkers || !groupId || groupMarkers.key !== selectChatKey(state))
    return 0;
  const me = selectMyUid(state);
  const adminId = (state.groups.entities[groupId] as { adminId: string } | undefined)?.adminId;
  const members = (state.memberships.rosters[groupId] ?? []).filter((m) => m.status === 'member');
  const current = new Set([adminId, ...members.map((m) => m.uid)]);
  current.delete(me);
  let count = 0;
  for (const [uid, marker] of Object.entries(groupMarkers.markers)) {
    if (current.has(uid) && marker.at >= message.createdAt) count++;
  }
  return count;
};

/** When (local ms) the friend of the open conversation last signalled typing, or null. */
export const selectTypingSeenAt = (state: RootState): number | null => {
  const { typing } = state.inbox;
  return typing && typing.key === selectChatKey(state) ? typing.seenAt : null;
};

/**
 * Server time I had read the open conversation up to, from my unread count when it opened:
 * just before the friend's count-th newest loaded message. Null when the inbox is unknown.
 */
export const selectReadUpTo = (state: RootState): number | null => {
  const opened = state.inbox.openedUnread;
  const { ids, entities } = state.conversations;
  if (!opened || opened.key !== selectChatKey(state)) return null;
  if (opened.count === 0) return Number.MAX_SAFE_INTEGER;
  const me = selectMyUid(state);
  let seen = 0;
  let oldest: ChatMessage | null = null;
  for (let i = ids.length - 1; i >= 0; i--) {
    const message = entities[ids[i]] as ChatMessage | undefined;
    if (!message || message.messagesenderId === me) continue;
    oldest = message;
    if (++seen === opened.count) break;
  }
  return oldest ? oldest.createdAt - 1 : null;
};
