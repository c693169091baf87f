import { createAppAsyncThunk } from '../../app/create-app-thunk';
import { attemptWrite } from '../../lib/write-failure';
import { strings } from '../../strings';
import { selectActiveUser } from '../session';

/** Marks these entries read (opening one, or 'Mark all as read') in one update. */
export const markNotificationsRead = createAppAsyncThunk(
  'notifications/markRead',
  (ids: readonly string[], { getState, extra, rejectWithValue }) => {
    const uid = selectActiveUser(getState())?.uid;
    if (!uid) return rejectWithValue(strings.notifications.markFailed);
    return attemptWrite(
      strings.notifications.markFailed,
      () => extra.notifications.markRead(uid, ids),
      rejectWithValue,
    );
  },
);
