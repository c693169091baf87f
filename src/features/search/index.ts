/**
 * What the routes and the shell may use from message search: the field, the Ctrl+K launcher
 * (both load the panel only when it opens), Find in conversation, and the one way messages
 * enter the device's index.
 */
export { SearchField } from './SearchField';
export { SearchLauncher } from './SearchLauncher';
export { FindInConversation } from './FindInConversation';
