/**
 * One message's building blocks, shared by every part that draws one: its text and links, its
 * time, its article's ids and controls' tab stop, the row model and the roving focus over rows.
 */
export { MessageText } from './MessageText';
export { dayKey } from './day-label';
export { ControlsTabIndex, messageBodyId, useControlTabIndex } from './message-article';
export { createMessageFocus, edgeMessage, stepToMessage } from './message-focus';
export type { MessageFocus } from './message-focus';
export { findFirstUnread, pageRows } from './message-rows';
export type { MessageRow } from './message-rows';
export { formatMessageTime } from './message-time';
