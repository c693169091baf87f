import { createAppAsyncThunk } from '../../store/create-app-thunk';
import type { AppDispatch, RootState } from '../../store/store';
import type { AppNotification } from '../../lib/firebase/notifications/shapes';
import { attemptWrite } from '../../lib/write-failure';
import { notificationsStrings } from './notifications-strings';
import { selectFriendRows } from '../friends';
import { selectFriend } from '../conversations';
import { selectActiveUser } from '../../store/session';
import { directKey, parseConversationKey, type ConversationKey } from '../../lib/conversation-key';

/** Marks these entries read (opening one, or 'Mark all as read') in one update. */
export const markNotificationsRead = createAppAsyncThunk(
  'notifications/markRead',
  (ids: readonly string[], { getState, extra, rejectWithValue }) => {
    const uid = selectActiveUser(getState())?.uid;
    if (!uid) return rejectWithValue(notificationsStrings.markFailed);
    return attemptWrite(
      notificationsStrings.markFailed,
      () => extra.notifications.markRead(uid, ids),
      rejectWithValue,
    );
  },
);

/** Opening a message's notification: a friend's conversation is selected (a group's opens by its link). */
export const conversationAlertOpened =
  (key: ConversationKey) => (dispatch: AppDispatch, getState: () => RootState) => {
    const { kind, id } = parseConversationKey(key);
    if (kind !== 'direct') return;
    const row = selectFriendRows(getState()).find((r) => r.friendship.id === id);
    if (row) dispatch(selectFriend(row));
  };

/**
 * Opening an entry: a stored one is marked read (a "new messages" entry goes away once the
 * chat shows the messages), and one about a friend selects that conversation, so the link to
 * Messages opens it.
 */
export const notificationOpened = (n: AppNotification) => (dispatch: AppDispatch) => {
  if (!n.read && n.kind !== 'message') void dispatch(markNotificationsRead([n.id]));
  if (n.kind === 'message' || n.kind === 'friendAccepted') {
    dispatch(conversationAlertOpened(directKey(n.ref)));
  }
};
