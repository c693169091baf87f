import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import type { AppDispatch, RootState } from '../../../store/store';
import { conversationKey } from '../../../lib/conversation-key';
import { MESSAGE_MAX_LENGTH } from '../../../lib/firebase/conversations/shapes';
import type { SendExtras } from '../../../lib/firebase/conversations/shapes';
import type { ConversationApi } from '../../../lib/firebase/conversations';
import type { Gateways } from '../../../store/gateways';
import { attemptWrite } from '../../../lib/write-failure';
import { conversationsStrings } from '../conversations-strings';
import type { FriendRow } from '../../friends';
import { selectMyUid } from '../../friends';
import type { OutgoingMessage } from './conversations-sending-slice';
import { trackSend } from './track-send';
import { selectProfile } from '../../profiles';
import { selectGroup } from '../../groups';
import { friendSelected } from '../timeline';
import { conversationTarget, type ConversationTarget } from '../timeline';
import { mentionExtras } from './mention-send';
import { replyExtras, textOf, type OutgoingText } from './outgoing-text';

export type { OutgoingText } from './outgoing-text';

type Open = Exclude<ConversationTarget, { kind: 'closed' }>;

/**
 * Sends (or, with `retryOf`, sends again) `text` to `target` with what it keeps (`kept`: quote,
 * forward mark) and, in a group, the mentions `input` names with their notifications; a plain
 * message is sent without extras. The extras sent are tracked with the message, for Retry.
 */
function sendToTarget(
  dispatch: AppDispatch,
  state: RootState,
  conversations: Gateways['conversations'],
  target: Open,
  message: { text: string; retryOf?: string; kept?: SendExtras; input: OutgoingText },
): Promise<void> {
  const { text, retryOf, kept, input } = message;
  const extras: SendExtras =
    target.kind === 'group'
      ? {
          ...kept,
          ...mentionExtras(target.parties, input, selectGroup(state, target.id)?.groupName),
        }
      : { ...kept };
  const sendWith = <Parties>(api: ConversationApi<Parties>, parties: Parties) => {
    if (Object.keys(extras).length > 0) return api.send(parties, text, retryOf, extras);
    return retryOf === undefined ? api.send(parties, text) : api.send(parties, text, retryOf);
  };
  const sent =
    target.kind === 'group'
      ? sendWith(conversations.group, target.parties)
      : sendWith(conversations.direct, target.parties);
  return trackSend(dispatch, conversationKey(target.kind, target.id), text, sent, extras);
}

/**
 * Sends `text` (trimmed) to the open conversation, the selected friend's or the shown group's;
 * a refusal becomes the toast text. A group message carries its mentions (of people who get
 * the message) and, in the same update, each mentioned person's notification.
 */
export const sendMessage = createAppAsyncThunk(
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
      sendToTarget(dispatch, getState(), extra.conversations, target, {
        text: message,
        kept: extras,
        input: outgoing,
      });
    return attemptWrite(send, write, rejectWithValue);
  },
  { condition: (outgoing) => textOf(outgoing).trim().length > 0 },
);

/**
 * Retry of a message reported failed: the same id, so it can never be stored twice; the gateway
 * looks first and writes only if the message is not stored (lib/firebase/send-once.ts). It
 * carries what the send carried (quote, forward mark, a group's mentions with their
 * notifications, rebuilt for the people the message goes to now).
 */
export const retryMessage = createAppAsyncThunk(
  'conversations/retryMessage',
  (
    { id, key, text, extras = {} }: OutgoingMessage,
    { getState, dispatch, extra, rejectWithValue },
  ) => {
    const send = conversationsStrings.chat.errors.send;
    const target = conversationTarget(getState());
    if (target.kind === 'closed') return rejectWithValue(`${send}: ${target.reason}`);
    // The failed list shows the open conversation's messages only; it may have changed since.
    if (conversationKey(target.kind, target.id) !== key) {
      return rejectWithValue(`${send}: ${conversationsStrings.chat.errors.moved}`);
    }
    const { mentions, ...kept } = extras;
    const write = () =>
      sendToTarget(dispatch, getState(), extra.conversations, target, {
        text,
        retryOf: id,
        kept,
        input: { text, mentions },
      });
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
