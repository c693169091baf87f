import { createAppAsyncThunk } from '../../store/create-app-thunk';
import type { AppDispatch, RootState } from '../../store/store';
import { conversationKey } from '../../lib/conversation-key';
import { MESSAGE_MAX_LENGTH } from '../../lib/firebase/conversations-message';
import type { SendExtras } from '../../lib/firebase/conversations-send-write';
import type { SentMessage } from '../../lib/firebase/inbox-entry';
import { attemptWrite } from '../../lib/write-failure';
import { conversationsStrings } from './conversations-strings';
import type { FriendRow } from '../friends';
import { selectMyUid } from '../friends';
import type { OutgoingMessage } from './conversations-sending-slice';
import { trackSend } from './track-send';
import { selectProfile } from '../profiles';
import { selectGroup } from '../groups';
import { friendSelected } from './conversations-slice';
import { conversationTarget } from './conversation-target';
import { mentionExtras } from './mention-send';
import { replyExtras, textOf, type OutgoingText } from './outgoing-text';

export type { OutgoingText } from './outgoing-text';

/** A send with its extras, when there are any (a plain message is sent as before). */
function withExtras<Parties>(
  api: { send(parties: Parties, text: string, retryOf?: string, extras?: SendExtras): SentMessage },
  parties: Parties,
  text: string,
  ...parts: (SendExtras | undefined)[]
): SentMessage {
  const extras = Object.assign({}, ...parts) as SendExtras;
  return Object.keys(extras).length > 0
    ? api.send(parties, text, undefined, extras)
    : api.send(parties, text);
}

/**
 * Sends `text` (trimmed) to the open conversation, the selected friend's or the shown group's;
 * a refusal becomes the toast text. A group message carries its mentions (of people who get
 * the message) and, in the same update, each mentioned person's notification.
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
        target.kind === 'group'
          ? withExtras(
              extra.conversations.group,
              target.parties,
              message,
              extras,
              mentionExtras(
                target.parties,
                outgoing,
                selectGroup(getState(), target.id)?.groupName,
              ),
            )
          : withExtras(extra.conversations.direct, target.parties, message, extras),
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
