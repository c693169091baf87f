/**
 * What other features and the routes may use from the conversations feature: an open
 * conversation end to end (1:1 and group), and what others may know of it.
 */
export { ChatPanel } from './ChatPanel';
export { ChatComposer } from './ChatComposer';
export { GroupChatPanel } from './GroupChatPanel';
export { OpenConversation } from './OpenConversation';
export { selectChatKey, selectChatReady, selectSelectedFriend } from './conversations-selectors';
export { selectLoadedOnScreen, selectReceiptsOn } from './conversations-signals-selectors';
export { openedUnreadCaptured } from './conversations-signals-slice';
export {
  chatScreenEntered,
  chatScreenLeft,
  groupChatShown,
  MESSAGE_PAGE_SIZE,
  betweenReceived,
  hiddenReceived,
  latestReceived,
  olderReceived,
} from './conversations-slice';
export { jumpToMessage } from './conversations-quotes-thunks';
export { retryChatMessage, selectFriend, sendChatMessage } from './conversations-thunks';
export { selectDraftOf } from './conversations-drafts-slice';
