import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../store/store';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { openConversationKey } from './conversations-state';

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * My sends the server has not acknowledged in the open conversation, in the order I made them.
 * The same array while they stay the same, so a send elsewhere rebuilds no rows here.
 */
export const selectPendingIds = createSelector(
  [
    (state: RootState) => state.conversationSending.outgoing,
    (state: RootState) => openConversationKey(state.conversations),
  ],
  (outgoing, key): readonly string[] =>
    outgoing.filter((m) => m.state === 'pending' && m.key === key).map((m) => m.id),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
);

/**
 * The live tail with my pending messages moved to its end, in the order I sent them. Until
 * the server dates one, its time is this device's estimate: sorted by it, my message could sit
 * above a friend's that the server stored first, then jump below it on the acknowledgement.
 * Once acknowledged it takes its server place (almost always the same: the bottom).
 */
export function pendingLast(
  tail: readonly ConversationMessage[],
  pendingIds: readonly string[],
): readonly ConversationMessage[] {
  if (pendingIds.length === 0) return tail;
  const pending = new Set(pendingIds);
  const mine = new Map(tail.filter((m) => pending.has(m.id)).map((m) => [m.id, m]));
  if (mine.size === 0) return tail;
  const inOrder = pendingIds.flatMap((id) => mine.get(id) ?? []);
  const rest = tail.filter((m) => !mine.has(m.id));
  // Already at the end in the order sent (no message came after them): the same array.
  const moved = [...rest, ...inOrder];
  return moved.every((m, i) => m === tail[i]) ? tail : moved;
}
