/**
 * Quotes: a reply's quoted message (loaded when not on screen), its one-line text, and the jump
 * to it.
 */
export { highlightEnded, highlightStarted } from './conversations-quotes-slice';
export { jumpToMessage, loadQuote } from './conversations-quotes-thunks';
export { firstLine } from './message-first-line';
export { MessageQuote } from './message-quote';
