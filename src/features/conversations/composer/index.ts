/**
 * The composer: the message field, its modes (reply, edit), emoji and mention pickers, and the
 * drafts it keeps (slice, listeners, thunks).
 */
export { ChatComposer } from './ChatComposer';
export { addDraftsListeners } from './conversations-drafts-listeners';
export { conversationDraftsSlice, selectDraftOf } from './conversations-drafts-slice';
