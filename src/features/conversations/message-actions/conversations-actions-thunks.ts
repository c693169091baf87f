import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import type { RootState } from '../../../store/store';
import {
  MESSAGE_MAX_LENGTH,
  type ConversationMessage,
} from '../../../lib/firebase/conversations/shapes';
import { attemptWrite } from '../../../lib/write-failure';
import { conversationsStrings } from '../conversations-strings';
import { selectMyUid } from '../../friends';
import { heldMessageDropped, messageSelectors } from '../timeline';
import { conversationKey } from '../../../lib/conversation-key';
import { conversationTarget, type ConversationTarget } from '../timeline';
import { DELETE_WINDOW_MS, EDIT_WINDOW_MS } from './message-actions-policy';
import { coverAfterHiding } from './hidden-cover';

const strings = conversationsStrings.messageActions;

type Open = Exclude<ConversationTarget, { kind: 'closed' }>;

/** The open conversation and one of its loaded messages, or why the action cannot run. */
function targetAndMessage(
  state: RootState,
  id: string,
): { target: Open; message: ConversationMessage; isLast: boolean } | string {
  const target = conversationTarget(state);
  if (target.kind === 'closed') return target.reason;
  const message = messageSelectors.selectById(state, id) as ConversationMessage | undefined;
  if (!message || message.deleted) return strings.errors.gone;
  // The preview follows an edit or a delete of the conversation's last message.
  const isLast = messageSelectors.selectAll(state).at(-1)?.id === id;
  return { target, message, isLast };
}

/**
 * Saves a new text for one of my text messages (within 15 minutes of sending; the rules check
 * it by server time). A message sent offline and still held by the outbox gets the new text
 * there (conversations-outbox.ts); one handed to the SDK is edited after its send. Either way
 * the new text shows at once. A refusal becomes the toast text.
 */
export const editMessage = createAppAsyncThunk(
  'conversations/editMessage',
  ({ id, text }: { id: string; text: string }, { getState, extra, rejectWithValue }) => {
    const what = strings.errors.edit;
    const found = targetAndMessage(getState(), id);
    if (typeof found === 'string') return rejectWithValue(`${what}: ${found}`);
    const { target, message, isLast } = found;
    const trimmed = text.trim();
    if (message.image) return rejectWithValue(`${what}: ${strings.errors.notText}`);
    if (trimmed.length > MESSAGE_MAX_LENGTH) {
      const tooLong = conversationsStrings.chat.errors.tooLong(MESSAGE_MAX_LENGTH);
      return rejectWithValue(`${what}: ${tooLong}`);
    }
    if (Date.now() - message.createdAt > EDIT_WINDOW_MS) {
      return rejectWithValue(`${what}: ${strings.errors.editWindow}`);
    }
    const write = () =>
      target.kind === 'group'
        ? extra.conversations.group.edit(target.parties, message, trimmed, isLast)
        : extra.conversations.direct.edit(target.parties, message, trimmed, isLast);
    return attemptWrite(what, write, rejectWithValue);
  },
  { condition: ({ text }) => text.trim().length > 0 },
);

/**
 * Deletes one of my messages for everyone (within 24 hours of sending). One still held by the
 * outbox (sent offline) is dropped there and leaves the list at once: the live page no longer
 * reports it, which for a message older than all of that page would read as scrolled out.
 */
export const removeMessage = createAppAsyncThunk(
  'conversations/removeMessage',
  (id: string, { getState, dispatch, extra, rejectWithValue }) => {
    const what = strings.errors.delete;
    const found = targetAndMessage(getState(), id);
    if (typeof found === 'string') return rejectWithValue(`${what}: ${found}`);
    const { target, message, isLast } = found;
    if (Date.now() - message.createdAt > DELETE_WINDOW_MS) {
      return rejectWithValue(`${what}: ${strings.errors.deleteWindow}`);
    }
    const write = async () => {
      const outcome = await (target.kind === 'group'
        ? extra.conversations.group.remove(target.parties, message, isLast)
        : extra.conversations.direct.remove(target.parties, message, isLast));
      if (outcome !== 'withdrawn') return;
      dispatch(heldMessageDropped({ key: conversationKey(target.kind, target.id), id }));
    };
    return attemptWrite(what, write, rejectWithValue);
  },
);

/**
 * What my row shows once `id` is deleted for me, when that changes it (hidden-cover.ts): the
 * open conversation's loaded messages, less those hidden before and my sends not stored yet.
 */
function coverOf(state: RootState, id: string) {
  const { hiddenIds } = state.conversations;
  const unstored = state.conversationSending.outgoing.map((m) => m.id);
  const loaded = messageSelectors.selectAll(state);
  return coverAfterHiding(loaded, new Set(hiddenIds), new Set(unstored), id);
}

/**
 * Deletes a message for me: hidden on all my devices, nobody else affected. When it is the
 * last message my row shows, my entry says what the row shows instead (the message before it),
 * so no device of mine keeps its words in the list.
 */
export const hideMessage = createAppAsyncThunk(
  'conversations/hideMessage',
  (id: string, { getState, extra, rejectWithValue }) => {
    const what = strings.errors.hide;
    const state = getState();
    const { conversationId, kind } = state.conversations;
    if (!conversationId)
      return rejectWithValue(`${what}: ${conversationsStrings.chat.errors.moved}`);
    const target = conversationTarget(state);
    const cover = target.kind === 'closed' ? null : coverOf(state, id);
    const write = () => {
      if (target.kind === 'group' && cover) {
        return extra.conversations.group.hideLast(target.parties, id, cover);
      }
      if (target.kind === 'direct' && cover) {
        return extra.conversations.direct.hideLast(target.parties, id, cover);
      }
      return extra.conversations[kind].hide(selectMyUid(state), conversationId, id);
    };
    return attemptWrite(what, write, rejectWithValue);
  },
);
