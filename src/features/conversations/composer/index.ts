/**
 * The composer: the message field, its modes (reply, edit), emoji and mention pickers, and the
 * drafts it keeps (slice, listeners, thunks).
 */
export { ChatComposer } from './ChatComposer';
export { selectDraftOf } from './conversations-drafts-slice';
