import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import type { ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/shapes';
import { isMuted, PIN_LIMIT, type ConversationPrefs } from '../../lib/firebase/inbox/shapes';

const selectPrefs = (state: RootState) => state.inboxPrefs.prefs;
const selectNow = (state: RootState) => state.inboxPrefs.now;

const selectConversationPrefs = (
  state: RootState,
  key: ConversationKey,
): ConversationPrefs | undefined => state.inboxPrefs.prefs.byKey[key];

/** Conversations muted now (a mute whose time has passed is over). */
export const selectMutedKeys = createSelector(
  [selectPrefs, selectNow],
  (prefs, now): ReadonlySet<ConversationKey> =>
    new Set(
      (Object.keys(prefs.byKey) as ConversationKey[]).filter((key) =>
        isMuted(prefs.byKey[key], now),
      ),
    ),
);

export const selectIsMuted = (state: RootState, key: ConversationKey) =>
  selectMutedKeys(state).has(key);

export const selectPins = (state: RootState) => state.inboxPrefs.prefs.pins;
export const selectCanPinMore = (state: RootState) =>
  state.inboxPrefs.prefs.pins.length < PIN_LIMIT;

/**
 * Archived: 'Archive' was chosen and no message came after it, or it is muted (a muted
 * conversation stays archived whatever arrives).
 */
export function isArchived(
  prefs: ConversationPrefs | undefined,
  entry: InboxEntry | null,
  muted: boolean,
): boolean {
  const archivedAt = prefs?.archivedAt ?? null;
  if (archivedAt === null) return false;
  return muted || !entry || entry.lastAt <= archivedAt;
}

export const selectIsArchived = (state: RootState, key: ConversationKey) =>
  isArchived(
    selectConversationPrefs(state, key),
    state.inbox.entries[key] ?? null,
    selectIsMuted(state, key),
  );

/**
 * Rows in the list's order: pinned ones first in the order pinned, then the rest as given
 * (latest activity first), and archived ones last, apart.
 */
export function arrangeRows<T>(
  rows: readonly T[],
  keyOf: (row: T) => ConversationKey,
  pins: readonly ConversationKey[],
  archived: (row: T) => boolean,
): { main: T[]; archived: T[] } {
  const main: T[] = [];
  const away: T[] = [];
  for (const row of rows) (archived(row) ? away : main).push(row);
  const pinRank = (row: T) => {
    const at = pins.indexOf(keyOf(row));
    return at < 0 ? pins.length : at;
  };
  // Stable: unpinned rows keep their order.
  main.sort((a, b) => pinRank(a) - pinRank(b));
  return { main, archived: away };
}
