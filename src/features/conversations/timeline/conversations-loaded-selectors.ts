import { createSelector } from '@reduxjs/toolkit';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { inTail, messagesAdapter, type WithConversations } from './conversations-state';
import { countInPages, findInPages, oldestInPages, type MessagePages } from './message-pages';

/** The open conversation's loaded messages: the live tail (the adapter's) and the older pages. */

const tailSelectors = messagesAdapter.getSelectors(
  (state: WithConversations) => state.conversations,
);

/** The live window and newer, oldest first (about a page). */
export const selectTailMessages = tailSelectors.selectAll;
/** The loaded messages older than the live window, in pages (message-pages.ts). */
export const selectOlderPages = (state: WithConversations): MessagePages =>
  state.conversations.older;

/** A loaded message of the open conversation, or undefined. */
export const selectLoadedMessage = (
  state: WithConversations,
  id: string,
): ConversationMessage | undefined =>
  inTail(state.conversations, id) ?? findInPages(state.conversations.older, id);

const selectAllLoaded = createSelector(
  [selectOlderPages, selectTailMessages],
  (pages, tail): ConversationMessage[] => [...pages.flat(), ...tail],
);

/**
 * Every loaded message, oldest first, as one array: built on demand (a whole copy), so the
 * message list works from the pages instead (conversations-selectors.ts).
 */
export const messageSelectors = {
  selectAll: selectAllLoaded,
  selectIds: createSelector([selectAllLoaded], (all) => all.map((m) => m.id)),
  selectTotal: (state: WithConversations): number =>
    countInPages(state.conversations.older) + state.conversations.ids.length,
  // Typed as the entity adapter's was (its callers check for a missing message themselves).
  selectById: selectLoadedMessage as (state: WithConversations, id: string) => ConversationMessage,
  /** The oldest loaded message: where the next older page starts. */
  selectOldest: (state: WithConversations): ConversationMessage | undefined =>
    oldestInPages(state.conversations.older) ?? tailSelectors.selectAll(state).at(0),
  /** The newest loaded message. */
  selectNewest: (state: WithConversations): ConversationMessage | undefined =>
    tailSelectors.selectAll(state).at(-1) ?? state.conversations.older.at(-1)?.at(-1),
};
