import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import {
  conversationsReceived,
  latestFailed,
  latestReceived,
  olderRequested,
  unreadFailed,
  unreadReceived,
} from './notifications-slice';

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

  whileSignedIn(startAppListening, (uid, { dispatch, extra }) =>
    extra.notifications.subscribeConversations(
      uid,
      (entries) => dispatch(conversationsReceived(entries)),
      // Without the inbox the feed still shows the stored entries.
      () => dispatch(conversationsReceived([])),
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
}
