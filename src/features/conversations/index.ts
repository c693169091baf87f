/** What other features and the routes may use from the messages feature. */
export { ChatPanel } from './ChatPanel';
export { ChatComposer } from './ChatComposer';
export { OpenConversation } from './OpenConversation';
export { selectSelectedFriend } from './conversations-selectors';
export {
  chatScreenEntered,
  chatScreenLeft,
  groupChatShown,
  MESSAGE_PAGE_SIZE,
} from './conversations-slice';
export { retryChatMessage, selectFriend, sendChatMessage } from './conversations-thunks';
