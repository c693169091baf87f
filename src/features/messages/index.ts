/** What other features and the routes may use from the messages feature. */
export { ChatPanel } from './ChatPanel';
export { ChatComposer } from './ChatComposer';
export { OpenConversation } from './OpenConversation';
export { selectSelectedFriend } from './chat-selectors';
export { chatScreenEntered, chatScreenLeft, groupChatShown, MESSAGE_PAGE_SIZE } from './chat-slice';
export { retryChatMessage, selectFriend, sendChatMessage } from './chat-thunks';
