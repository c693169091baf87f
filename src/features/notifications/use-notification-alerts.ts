import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { selectSettings } from '../settings';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { paths } from '../../config/paths';
import { notificationTarget, notificationText } from './notification-text';
import { selectAllUnread } from './notifications-selectors';
import { notificationPromptWanted, selectNotifications } from './notifications-slice';
import { notificationOpened } from './notifications-thunks';
import { browserAllows, desktopNotice, playChime, showDesktopNotice } from './desktop-notification';

/**
 * A toast for each unread entry that arrives while the app is open on another screen, and a
 * browser notification too when I opted in, allowed it, the kind is on and the tab is hidden
 * (muted conversations raise no entry at all). Entries already unread when the list first loads
 * are not announced again. A message arriving while the tab is hidden and notifications are off
 * asks for the one-time in-app offer to turn them on.
 */
export function useNotificationAlerts(): void {
  const { unreadStatus, owner } = useAppSelector(selectNotifications);
  const unread = useAppSelector(selectAllUnread);
  const settings = useAppSelector(selectSettings);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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
      if (!document.hidden || !settings) continue;
      if (!settings.browserNotifications) {
        if (n.kind === 'message') dispatch(notificationPromptWanted());
        continue;
      }
      if (!settings.notifyKinds[n.kind] || !browserAllows()) continue;
      showDesktopNotice(desktopNotice(n, settings.notificationPreviews), () => {
        dispatch(notificationOpened(n));
        void navigate(notificationTarget(n));
      });
      if (settings.notificationSound) playChime();
    }
  }, [unread, unreadStatus, owner, pathname, settings, dispatch, navigate]);
}
