import { createAppAsyncThunk } from '../../store/create-app-thunk';
import type { AppDispatch, RootState } from '../../store/store';
import { conversationKey } from '../../lib/conversation-key';
import { MESSAGE_MAX_LENGTH } from '../../lib/firebase/conversations-message';
import { attemptWrite } from '../../lib/write-failure';
import { conversationsStrings } from './conversations-strings';
import type { FriendRow } from '../friends';
import { selectMyUid } from '../friends';
import type { OutgoingMessage } from './conversations-sending-slice';
import { trackSend } from './track-send';
import { selectProfile } from '../profiles';
import { friendSelected } from './conversations-slice';
import { conversationTarget } from './conversation-target';

/** A send: the text alone, or the text with the id of the message it replies to. */
export type OutgoingText = string | { text: string; replyTo?: string };

const textOf = (out: OutgoingText) => (typeof out === 'string' ? out : out.text);
const replyExtras = (out: OutgoingText) =>
  typeof out !== 'string' && out.replyTo ? { replyTo: out.replyTo } : undefined;

/**
 * Sends `text` (trimmed) to the open conversation, the selected friend's or the shown group's;
 * a refusal becomes the toast text.
 */
export const sendChatMessage = createAppAsyncThunk(
  'conversations/sendMessage',
  (outgoing: OutgoingText, { getState, dispatch, extra, rejectWithValue }) => {
    const message = textOf(outgoing).trim();
    const extras = replyExtras(outgoing);
    const { send, tooLong } = conversationsStrings.chat.errors;
    if (message.length > MESSAGE_MAX_LENGTH) {
      return rejectWithValue(`${send}: ${tooLong(MESSAGE_MAX_LENGTH)}`);
    }
    const target = conversationTarget(getState());
    if (target.kind === 'closed') return rejectWithValue(`${send}: ${target.reason}`);
    const write = () =>
      trackSend(
        dispatch,
        conversationKey(target.kind, target.id),
        message,
        // A plain send keeps its two arguments; the extras go only when there are some.
        target.kind === 'group'
          ? extras
            ? extra.conversations.group.send(target.parties, message, undefined, extras)
            : extra.conversations.group.send(target.parties, message)
          : extras
            ? extra.conversations.direct.send(target.parties, message, undefined, extras)
            : extra.conversations.direct.send(target.parties, message),
      );
    return attemptWrite(send, write, rejectWithValue);
  },
  { condition: (outgoing) => textOf(outgoing).trim().length > 0 },
);

/**
 * Retry of a message reported failed: the same id, so it can never be stored twice; the gateway
 * looks first and writes only if the message is not stored (lib/firebase/send-once.ts).
 */
export const retryChatMessage = createAppAsyncThunk(
  'conversations/retryMessage',
  ({ id, key, text }: OutgoingMessage, { getState, dispatch, extra, rejectWithValue }) => {
    const send = conversationsStrings.chat.errors.send;
    const target = conversationTarget(getState());
    if (target.kind === 'closed') return rejectWithValue(`${send}: ${target.reason}`);
    // The failed list shows the open conversation's messages only; it may have changed since.
    if (conversationKey(target.kind, target.id) !== key) {
      return rejectWithValue(`${send}: ${conversationsStrings.chat.errors.moved}`);
    }
    const write = () =>
      trackSend(
        dispatch,
        key,
        text,
        target.kind === 'group'
          ? extra.conversations.group.send(target.parties, text, id)
          : extra.conversations.direct.send(target.parties, text, id),
      );
    return attemptWrite(send, write, rejectWithValue);
  },
);

/** Selects a friend from the Friend List, with the photo their avatar shows. */
export const selectFriend =
  ({ friendship, friend }: FriendRow) =>
  (dispatch: AppDispatch, getState: () => RootState) => {
    const state = getState();
    const sentByThem = friendship.senderId !== selectMyUid(state);
    const photo = selectProfile(state, friend.uid)?.photo ?? (sentByThem ? friendship.photo : '');
    dispatch(friendSelected({ uid: friend.uid, name: friend.name, photo }));
  };
