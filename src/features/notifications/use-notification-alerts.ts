import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { selectSettings } from '../settings';
import { useAppSelector } from '../../store/hooks';
import { paths } from '../../config/paths';
import { notificationText } from './notification-text';
import { selectAllUnread } from './notifications-selectors';
import { selectNotifications } from './notifications-slice';

/**
 * A toast for each unread entry that arrives while the app is open on another screen, and a
 * browser notification too when I opted in, allowed it, the kind is on and the tab is hidden.
 * Entries already unread when the list first loads are not announced again.
 */
export function useNotificationAlerts(): void {
  const { unreadStatus, owner } = useAppSelector(selectNotifications);
  const unread = useAppSelector(selectAllUnread);
  const settings = useAppSelector(selectSettings);
  const { pathname } = useLocation();
  const known = useRef<{ owner: string | null; ids: Set<string> } | null>(null);

  useEffect(() => {
    if (unreadStatus !== 'ready') return;
    if (known.current?.owner !== owner) {
      known.current = { owner, ids: new Set(unread.map((n) => n.id)) };
      return;
    }
    const seen = known.current.ids;
    const fresh = unread.filter((n) => !seen.has(n.id));
    for (const n of fresh) {
      seen.add(n.id);
      const text = notificationText(n);
      // The messages screen shows its own conversations' news; the feed shows all of it.
      const onScreen = n.kind === 'message' ? paths.messages : paths.notification;
      if (pathname !== onScreen && pathname !== paths.notification) toast.info(text);
      const wanted = settings?.browserNotifications === true && settings.notifyKinds[n.kind];
      if (wanted && document.hidden && browserAllows()) new Notification(text, { tag: n.id });
    }
  }, [unread, unreadStatus, owner, pathname, settings]);
}

function browserAllows(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}
