/**
 * The open conversation's messages in the store: the slice, its live window and older pages,
 * the listeners that fill them, and the selectors every other part reads them with.
 */
export { conversationTarget, targetFor } from './conversation-target';
export type { ConversationTarget } from './conversation-target';
export {
  selectBlockedUids,
  selectConversationAvailability,
  selectConversationKey,
  selectConversationKind,
  selectConversationMessages,
  selectConversationReady,
  selectComposing,
  selectHasOlder,
  selectLoadingOlder,
  selectReplyingTo,
  selectSelectedFriend,
  selectShownPages,
  selectUnloadedReply,
} from './conversations-selectors';
export type { ConversationAvailability } from './conversations-selectors';
export {
  MESSAGE_PAGE_SIZE,
  betweenReceived,
  chatScreenEntered,
  chatScreenLeft,
  composeEnded,
  composeStarted,
  conversationClosed,
  conversationOpened,
  friendSelected,
  groupChatShown,
  heldMessageDropped,
  hiddenReceived,
  latestReceived,
  messageSelectors,
  olderReceived,
  olderRequested,
  reactionSet,
  selectLoadedMessage,
} from './conversations-slice';
export { locate } from './message-pages';
