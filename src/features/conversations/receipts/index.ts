/**
 * Receipts: read markers, Seen, typing, the receipts setting, the unread count at opening, and
 * the presence line, with the listeners that keep them live.
 */
export { ChatPresence } from './ChatPresence';
export { TypingIndicator } from './TypingIndicator';
export { typedInChat } from './conversations-receipts-listeners';
export {
  seenState,
  selectFailedInOpenChat,
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
export { useChatShown } from './use-chat-shown';
export { useFriendTyping } from './use-friend-typing';
