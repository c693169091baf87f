import { createAppAsyncThunk } from '../../app/create-app-thunk';
import type { AppDispatch, RootState } from '../../app/store';
import { MESSAGE_MAX_LENGTH } from '../../lib/firebase/chat-message';
import { otherParty } from '../../lib/firebase/records';
import { attemptWrite } from '../../lib/write-failure';
import { strings } from '../../strings';
import type { FriendRow } from '../friends';
import { selectMyUid } from '../friends';
import { trackSend } from '../inbox';
import { selectProfile } from '../users';
import { selectChatAvailability } from './chat-selectors';
import { friendSelected } from './chat-slice';

/** Sends `text` (trimmed) to the selected friend; a refusal becomes the toast text. */
export const sendChatMessage = createAppAsyncThunk(
  'chat/sendMessage',
  (text: string, { getState, dispatch, extra, rejectWithValue }) => {
    const state = getState();
    const message = text.trim();
    const availability = selectChatAvailability(state);
    const { send, notFriends, tooLong } = strings.chat.errors;
    if (availability.kind !== 'open') return rejectWithValue(`${send}: ${notFriends}`);
    if (message.length > MESSAGE_MAX_LENGTH) {
      return rejectWithValue(`${send}: ${tooLong(MESSAGE_MAX_LENGTH)}`);
    }
    const { friendship } = availability;
    const me = selectMyUid(state);
    const them = otherParty(friendship, me);
    const myName = friendship.senderId === me ? friendship.senderName : friendship.receiverName;
    const parties = { relId: friendship.id, from: { uid: me, name: myName }, to: them };
    const write = () =>
      trackSend(dispatch, friendship.id, message, extra.messages.send(parties, message));
    return attemptWrite(send, write, rejectWithValue);
  },
  { condition: (text) => text.trim().length > 0 },
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
