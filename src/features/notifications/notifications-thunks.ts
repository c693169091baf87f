import { createAppAsyncThunk } from '../../store/create-app-thunk';
import type { AppDispatch, RootState } from '../../store/store';
import type { AppNotification } from '../../lib/firebase/notifications-record';
import { attemptWrite } from '../../lib/write-failure';
import { notificationsStrings } from './notifications-strings';
import { selectFriendRows } from '../friends';
import { selectFriend } from '../conversations';
import { selectActiveUser } from '../../store/session';

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

/**
 * Opening an entry: a stored one is marked read (a "new messages" entry goes away once the
 * chat shows the messages), and one about a friend selects that conversation, so the link to
 * Messages opens it.
 */
export const notificationOpened =
  (n: AppNotification) => (dispatch: AppDispatch, getState: () => RootState) => {
    if (!n.read && n.kind !== 'message') void dispatch(markNotificationsRead([n.id]));
    if (n.kind !== 'message' && n.kind !== 'friendAccepted') return;
    const row = selectFriendRows(getState()).find((r) => r.friendship.id === n.ref);
    if (row) dispatch(selectFriend(row));
  };
