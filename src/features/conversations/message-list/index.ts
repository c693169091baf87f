/**
 * The message list: the windowed feed of rows (day separators, unread divider, bubbles), its
 * keyboard, jumps to a linked or quoted message, and the failed sends under it.
 */
export { FailedMessages } from './FailedMessages';
export { MessageList } from './MessageList';
export { useLinkedMessage } from './use-linked-message';
