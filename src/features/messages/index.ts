/** What other features and the routes may use from the messages feature. */
export { ChatPanel } from './ChatPanel';
export { selectSelectedFriend } from './chat-selectors';
export { chatScreenEntered, chatScreenLeft, MESSAGE_PAGE_SIZE } from './chat-slice';
export { selectFriend } from './chat-thunks';
