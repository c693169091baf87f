import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../store/hooks';
import { useTitleCount } from '../../components/document-title';
import { notificationsStrings } from './notifications-strings';
import { selectTitleCount, selectUnreadCount } from './notifications-selectors';
import { useNotificationAlerts } from './use-notification-alerts';

const NotificationPrompt = lazy(() => import('./NotificationPrompt'));

/**
 * The unread count on the sidebar's Notification link and in the tab title (beside the unread
 * messages), live; it also raises the toast and the
 * browser notification for each new entry (see useNotificationAlerts). Nothing when all is read.
 */
export function NotificationBadge() {
  const count = useAppSelector(selectUnreadCount);
  const prompt = useAppSelector((state) => state.notifications.promptWanted);
  useTitleCount(useAppSelector(selectTitleCount));
  useNotificationAlerts();
  // Loaded only when wanted: the offer to turn desktop notifications on.
  const offer = prompt ? (
    <Suspense fallback={null}>
      <NotificationPrompt />
    </Suspense>
  ) : null;
  if (count === 0) return offer;
  return (
    <span
      data-testid="notification-count"
      className="ml-auto rounded-full bg-red-500 px-2 py-0.5 text-xs font-bold text-white"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{notificationsStrings.navCount(count)}</span>
      {offer}
    </span>
  );
}
