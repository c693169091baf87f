/**
 * Receipts: read markers, Seen, typing, the receipts setting, the unread count at opening, and
 * the presence line, with the listeners that keep them live.
 */
export { ConversationPresence } from './ConversationPresence';
export { TypingIndicator } from './TypingIndicator';
export { typedInConversation } from './conversations-receipts-listeners';
export {
  seenState,
  selectFailedInOpenConversation,
  selectFriendMarker,
  selectLoadedOnScreen,
  selectMyLatestMessage,
  selectOutgoingState,
  selectReadUpTo,
  selectReceiptsOn,
  selectSeenBy,
} from './conversations-receipts-selectors';
export { openedUnreadCaptured } from './conversations-receipts-slice';
export { readMarker, storeReadMarker } from './read-marker-storage';
export { useConversationShown } from './use-conversation-shown';
export { useFriendTyping } from './use-friend-typing';
