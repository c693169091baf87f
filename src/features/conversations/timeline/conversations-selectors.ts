import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../store/store';
import { directKey, groupKey, type ConversationKey } from '../../../lib/conversation-key';
import type { Friendship } from '../../../lib/firebase/records';
import { relationWith, selectListMeta, selectMyUid, selectRelationIndex } from '../../friends';
import { selectInGroup } from '../../groups';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import {
  MESSAGE_PAGE_SIZE,
  messageSelectors,
  openConversationKey,
  selectLoadedMessage,
  selectOlderPages,
  selectTailMessages,
} from './conversations-slice';
import { pendingLast, selectPendingIds } from './pending-last';

/** Whether the selected person can be chatted with, and if not, why. */
export type ConversationAvailability =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'open'; friendship: Friendship }
  | { kind: 'blocking' | 'blockedBy' | 'notFriends' };

const NONE: ConversationAvailability = { kind: 'none' };
const LOADING: ConversationAvailability = { kind: 'loading' };

export const selectSelectedFriend = (state: RootState) => state.conversations.selected;

export const selectConversationAvailability = createSelector(
  [
    selectSelectedFriend,
    selectRelationIndex,
    selectMyUid,
    (state: RootState) => selectListMeta(state, 'friends').status,
    (state: RootState) => selectListMeta(state, 'blocks').status,
  ],
  (selected, index, me, friendsStatus, blocksStatus): ConversationAvailability => {
    if (!selected) return NONE;
    const relation = relationWith(index, me, selected.uid);
    if (relation.kind === 'friends') return { kind: 'open', friendship: relation.friendship };
    if (friendsStatus !== 'ready' || blocksStatus !== 'ready') return LOADING;
    if (relation.kind === 'blocking' || relation.kind === 'blockedBy')
      return { kind: relation.kind };
    return { kind: 'notFriends' };
  },
);

/**
 * The conversation to keep live while the chat is on screen: the shown group's while I am in
 * it, otherwise the selected friend's while we are friends. A friendship and a group may have
 * the same id (separate key spaces), so the key names the kind too.
 */
export const selectOpenKey = (state: RootState): ConversationKey | null => {
  if (!state.conversations.screenOpen) return null;
  const group = state.conversations.selectedGroup;
  if (group) return selectInGroup(state, group) ? groupKey(group) : null;
  const availability = selectConversationAvailability(state);
  return availability.kind === 'open' ? directKey(availability.friendship.id) : null;
};

/** Which kind of conversation is loaded (meaningful while one is). */
export const selectConversationKind = (state: RootState) => state.conversations.kind;

export const selectConversationMessages = messageSelectors.selectAll;

/** Older messages may exist once a full page is loaded, until a page comes back short. */
export const selectHasOlder = (state: RootState): boolean =>
  !state.conversations.olderExhausted && messageSelectors.selectTotal(state) >= MESSAGE_PAGE_SIZE;

/** The loaded conversation's key (its kind and id), while one is loaded. */
export const selectConversationKey = (state: RootState): ConversationKey | null =>
  openConversationKey(state.conversations);

export const selectLoadingOlder = (state: RootState): boolean => state.conversations.loadingOlder;

/** People I blocked (their group messages are collapsed on my screen). */
export const selectBlockedUids = createSelector(
  [selectRelationIndex],
  (index): ReadonlySet<string> =>
    new Set([...index].flatMap(([uid, relation]) => (relation.kind === 'blocking' ? [uid] : []))),
);

const selectHiddenIds = (state: RootState) => state.conversations.hiddenIds;

const shownCache = new WeakMap<
  readonly ConversationMessage[],
  { hidden: readonly string[]; shown: readonly ConversationMessage[] }
>();

/** A page less the messages I deleted for me, filtered once per page and hidden list. */
function shownOf(
  page: readonly ConversationMessage[],
  hidden: readonly string[],
): readonly ConversationMessage[] {
  if (hidden.length === 0) return page;
  const kept = shownCache.get(page);
  if (kept?.hidden === hidden) return kept.shown;
  const out = new Set(hidden);
  const shown = page.some((m) => out.has(m.id)) ? page.filter((m) => !out.has(m.id)) : page;
  shownCache.set(page, { hidden, shown });
  return shown;
}

/** The live tail as shown: my pending messages last, in the order sent (pending-last.ts). */
const selectShownTail = createSelector([selectTailMessages, selectPendingIds], pendingLast);

/**
 * What the list shows, in pages (oldest first, the live tail last), less the messages I
 * deleted for me. Unchanged pages stay the same arrays, so their rows are reused.
 */
export const selectShownPages = createSelector(
  [selectOlderPages, selectShownTail, selectHiddenIds],
  (pages, tail, hidden): readonly (readonly ConversationMessage[])[] => [
    ...pages.map((page) => shownOf(page, hidden)),
    shownOf(tail, hidden),
  ],
);

/**
 * The message the composer's reply or edit names: loaded, or a reply's original read by id (a
 * draft put back may quote a message older than the loaded pages); null when gone or being
 * read, undefined when unknown yet.
 */
function composedMessage(state: RootState): ConversationMessage | null | undefined {
  const composing = state.conversations.composing;
  if (!composing) return null;
  const loaded = selectLoadedMessage(state, composing.messageId);
  if (loaded || composing.kind !== 'reply') return loaded;
  const fetched = state.conversationQuotes.fetched[composing.messageId];
  return fetched === 'loading' || fetched === 'failed' ? undefined : fetched;
}

/** The composer's reply or edit, with the message it names (null once that is gone). */
export const selectComposing = createSelector(
  [(state: RootState) => state.conversations.composing, composedMessage],
  (composing, message) => {
    return composing && message && !message.deleted ? { kind: composing.kind, message } : null;
  },
);

/**
 * The message a reply being prepared quotes, by id, also while that message is still being
 * read (the draft keeps it); null without a reply, or once the message is gone or deleted.
 */
export const selectReplyingTo = (state: RootState): string | null => {
  const composing = state.conversations.composing;
  if (composing?.kind !== 'reply') return null;
  const message = composedMessage(state);
  return message === null || message?.deleted ? null : composing.messageId;
};

/**
 * A reply's original that is not among the loaded messages of the open, loaded conversation
 * (a draft's reply to an older page): it is read by id.
 */
export const selectUnloadedReply = (state: RootState): string | null => {
  const composing = state.conversations.composing;
  if (composing?.kind !== 'reply' || state.conversations.status !== 'ready') return null;
  return selectLoadedMessage(state, composing.messageId) ? null : composing.messageId;
};

/** The open conversation's newest messages have arrived (a jump can load what lies above). */
export const selectConversationReady = (state: RootState): boolean =>
  state.conversations.status === 'ready';
