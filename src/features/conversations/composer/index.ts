/**
 * The composer: the message field, its modes (reply, edit), emoji and mention pickers, and the
 * drafts it keeps (slice, listeners, thunks).
 */
export { Composer } from './Composer';
export { selectDraftOf } from './conversations-drafts-slice';
