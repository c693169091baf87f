import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import type { AppNotification } from '../../lib/firebase/notifications/shapes';
import { notificationsStrings } from './notifications-strings';
import { useDisplayName } from '../profiles';
import { notificationTarget, notificationText } from './notification-text';

interface Props {
  notification: AppNotification;
  onOpen: () => void;
}

/** One entry: who and what, when, and a link to where to act; opening it marks it read. */
export function NotificationItem({ notification, onOpen }: Props) {
  // The actor's current name (a rename, or a deleted account), not the one copied at the time.
  const actorName = useDisplayName(notification.actorId, notification.actorName);
  const n = { ...notification, actorName };
  const when = new Date(n.at);
  return (
    <li>
      <Link
        to={notificationTarget(n)}
        onClick={onOpen}
        data-unread={n.read ? undefined : 'true'}
        className={`flex items-center gap-3 rounded-xl px-4 py-3 ring-1 transition-colors hover:bg-slate-50 focus:outline-hidden focus-visible:ring-4 focus-visible:ring-brand-100 ${
          n.read ? 'ring-slate-100' : 'bg-brand-50 ring-brand-200'
        }`}
      >
        <Avatar name={n.actorName} size="sm" />
        <span className="min-w-0 flex-1">
          <span className={`block ${n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
            {notificationText(n)}
          </span>
          {/* slate-600 on the unread item's brand-50: slate-500 there fails axe's color-contrast. */}
          <time dateTime={when.toISOString()} className="text-sm text-slate-600">
            {when.toLocaleString()}
          </time>
        </span>
        {n.read ? null : (
          <span className="h-2.5 w-2.5 rounded-full bg-brand-500">
            <span className="sr-only">{notificationsStrings.unread}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
