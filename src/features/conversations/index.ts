/**
 * What other features and the routes may use from the conversations feature: an open
 * conversation end to end (1:1 and group), and what others may know of it.
 */
export { ConversationPanel } from './ConversationPanel';
export { GroupConversationPanel } from './GroupConversationPanel';
export { selectConversationKey, selectConversationReady, selectSelectedFriend } from './timeline';
export { selectLoadedOnScreen, selectReceiptsOn } from './receipts';
export { openedUnreadCaptured } from './receipts';
export {
  chatScreenEntered,
  chatScreenLeft,
  groupChatShown,
  MESSAGE_PAGE_SIZE,
  betweenReceived,
  hiddenReceived,
  latestReceived,
  olderReceived,
} from './timeline';
export { jumpToMessage } from './quotes';
export { retryMessage, selectFriend, selectUploadingWords, sendMessage } from './sending';
export { selectDraftOf } from './composer';
