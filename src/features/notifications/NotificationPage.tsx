import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button } from '../../components/Button';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { notificationsStrings } from './notifications-strings';
import { spec } from '../../strings/spec';
import { selectFeed, selectMayHaveOlder } from './notifications-selectors';
import { NotificationItem } from './NotificationItem';
import { markNotificationsRead, notificationOpened } from './notifications-thunks';
import { olderRequested, selectNotifications } from './notifications-slice';

/** /pages/notification: my feed, newest first, live; unread entries stand out. */
export function NotificationPage() {
  const dispatch = useAppDispatch();
  const { status, unread } = useAppSelector(selectNotifications);
  const latest = useAppSelector(selectFeed);
  const mayHaveOlder = useAppSelector(selectMayHaveOlder);

  return (
    <section className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-xs">
      <header className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-800">{spec.placeholders.notification}</h1>
        <Button
          variant="secondary"
          disabled={unread.length === 0}
          onClick={() => void dispatch(markNotificationsRead(unread.map((n) => n.id)))}
        >
          {notificationsStrings.markAllRead}
        </Button>
      </header>
      {status === 'loading' || status === 'idle' ? (
        <p role="status" className="text-slate-500">
          {notificationsStrings.loading}
        </p>
      ) : status === 'error' ? (
        <p role="alert" className="text-red-600">
          {notificationsStrings.loadFailed}
        </p>
      ) : latest.length === 0 ? (
        <p className="text-slate-500">{notificationsStrings.empty}</p>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ul aria-label={spec.placeholders.notification} className="flex flex-col gap-2">
            {latest.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onOpen={() => dispatch(notificationOpened(n))}
              />
            ))}
          </ul>
          {mayHaveOlder ? (
            <div className="mt-3 flex justify-center">
              <LoadMoreButton
                loading={false}
                label={notificationsStrings.loadMore}
                onClick={() => dispatch(olderRequested())}
              />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
