import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../store/store';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { selectMyUid } from '../../friends';
import { selectGroup, selectRoster } from '../../groups';
import { selectConversationKey } from '../timeline';

/** How long after the friend's last typing signal the indicator stays (their writer renews it). */
export const TYPING_VISIBLE_MS = 5000;

/** The loaded conversation is on screen, in a visible tab, with its messages shown. */
export const selectLoadedOnScreen = (state: RootState): boolean =>
  state.conversationReceipts.tabVisible &&
  state.conversationReceipts.chatShown &&
  state.conversations.status === 'ready';

export const selectReceiptsOn = (state: RootState) => state.conversationReceipts.receiptsOn;
const selectOutgoing = (state: RootState) => state.conversationSending.outgoing;

/** A message that a closed tab would lose (an upload is kept on the device, and resumes). */
export const selectHasPending = (state: RootState) =>
  state.conversationSending.outgoing.some((m) => m.state === 'pending' && !m.upload);

export const selectOutgoingState = (state: RootState, id: string) =>
  state.conversationSending.outgoing.find((m) => m.id === id)?.state ?? null;

/** My messages the server refused in the open conversation: shown with Retry and Delete. */
export const selectFailedInOpenConversation = createSelector(
  [selectOutgoing, selectConversationKey],
  (outgoing, key) => outgoing.filter((m) => m.state === 'failed' && m.key === key),
);

/** My newest message in the open conversation (the one 'Sent' / 'Seen' is shown under). */
export const selectMyLatestMessage = (state: RootState): ConversationMessage | null => {
  const me = selectMyUid(state);
  const { ids, entities } = state.conversations;
  for (let i = ids.length - 1; i >= 0; i--) {
    const message = entities[ids[i]] as ConversationMessage | undefined;
    if (message?.senderId === me) return message;
  }
  return null;
};

/** 'Seen' once the friend's read marker (server time) reaches the message; hidden without receipts. */
export function seenState(
  message: ConversationMessage,
  marker: { at: number } | null,
  receiptsOn: boolean,
): 'seen' | 'sent' {
  return receiptsOn && marker && marker.at >= message.createdAt ? 'seen' : 'sent';
}

/** The friend's read marker of the open conversation, when my receipts are on. */
export const selectFriendMarker = (state: RootState) => {
  const { friendMarker, receiptsOn } = state.conversationReceipts;
  if (!receiptsOn || !friendMarker || friendMarker.key !== selectConversationKey(state))
    return null;
  return friendMarker.marker;
};

/**
 * How many others in the open group have read up to `message` ('Seen by N'): the admin and
 * current members whose read marker is at or past it. Markers exist only for people with
 * receipts on (the rules refuse the others'); with mine off I see none.
 */
export const selectSeenBy = (state: RootState, message: ConversationMessage): number => {
  const { groupMarkers, receiptsOn } = state.conversationReceipts;
  const groupId = state.conversations.conversationId;
  if (!receiptsOn || !groupMarkers || !groupId || groupMarkers.key !== selectConversationKey(state))
    return 0;
  const me = selectMyUid(state);
  const adminId = selectGroup(state, groupId)?.adminId;
  const members = (selectRoster(state, groupId) ?? []).filter((m) => m.status === 'member');
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
  const { typing } = state.conversationReceipts;
  return typing && typing.key === selectConversationKey(state) ? typing.seenAt : null;
};

/**
 * Server time I had read the open conversation up to, from my unread count when it opened:
 * just before the friend's count-th newest loaded message. Null when the inbox is unknown.
 */
export const selectReadUpTo = (state: RootState): number | null => {
  const opened = state.conversationReceipts.openedUnread;
  const { ids, entities } = state.conversations;
  if (!opened || opened.key !== selectConversationKey(state)) return null;
  if (opened.count === 0) return Number.MAX_SAFE_INTEGER;
  const me = selectMyUid(state);
  let seen = 0;
  let oldest: ConversationMessage | null = null;
  for (let i = ids.length - 1; i >= 0; i--) {
    const message = entities[ids[i]] as ConversationMessage | undefined;
    if (!message || message.senderId === me) continue;
    oldest = message;
    if (++seen === opened.count) break;
  }
  return oldest ? oldest.createdAt - 1 : null;
};
