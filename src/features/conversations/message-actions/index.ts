/**
 * What a person does to a message: react, reply, edit, delete (for me, for everyone), forward,
 * copy; the toolbar, menu, dialogs and thunks.
 */
export { MessageActionsLayer } from './MessageActionsLayer';
export { MessageActionsRow } from './MessageActionsRow';
export { editMessage } from './conversations-actions-thunks';
export { PencilIcon, ReplyIcon } from './message-action-icons';
export { quoteLine } from './message-actions';
export { ReactionChips } from './reaction-chips';
