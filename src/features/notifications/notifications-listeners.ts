import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import {
  latestFailed,
  latestReceived,
  olderRequested,
  unreadFailed,
  unreadReceived,
} from './notifications-slice';
import { selectUnreadMentionIds } from './notifications-selectors';
import { markNotificationsRead } from './notifications-thunks';
import { selectConversationKey, selectLoadedOnScreen } from '../conversations';

/**
 * My feed, live from sign-in to sign-out: the unread entries (for the bell, whatever their age)
 * and the newest page, which grows when older ones are asked for.
 */
export function addNotificationListeners(startAppListening: AppStartListening): void {
  whileSignedIn(startAppListening, (uid, { dispatch, extra }) =>
    extra.notifications.subscribeUnread(
      uid,
      (items) => dispatch(unreadReceived(items)),
      () => dispatch(unreadFailed()),
    ),
  );

  whileSignedIn(startAppListening, (uid, listenerApi) => {
    const { dispatch, extra } = listenerApi;
    let stop = () => {};
    const open = () => {
      stop();
      stop = extra.notifications.subscribeLatest(
        uid,
        listenerApi.getState().notifications.limit,
        (items) => dispatch(latestReceived(items)),
        () => dispatch(latestFailed()),
      );
    };
    open();
    const unsubscribe = startAppListening({ actionCreator: olderRequested, effect: open });
    return () => {
      unsubscribe();
      stop();
    };
  });

  // A group's conversation on screen has been seen: its mention entries are read (the '@' on
  // its row goes), also for a mention that arrives while it is open. Each id is asked once.
  whileSignedIn(startAppListening, (_uid, { dispatch }) => {
    const asked = new Set<string>();
    return startAppListening({
      predicate: (_action, state) => {
        const key = selectConversationKey(state);
        return key !== null && key.startsWith('g:') && selectLoadedOnScreen(state);
      },
      effect: (_action, api) => {
        const state = api.getState();
        const key = selectConversationKey(state);
        if (!key) return;
        const ids = selectUnreadMentionIds(state, key.slice(2)).filter((id) => !asked.has(id));
        if (ids.length === 0) return;
        ids.forEach((id) => asked.add(id));
        void dispatch(markNotificationsRead(ids)).then((result) => {
          // A failed mark may be tried again.
          if (markNotificationsRead.rejected.match(result)) ids.forEach((id) => asked.delete(id));
        });
      },
    });
  });
}
