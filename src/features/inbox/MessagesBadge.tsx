import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/paths';
import { strings } from '../../strings';
import { selectTotalUnread } from './inbox-selectors';
import { UnreadBadge } from './UnreadBadge';

const pageNames: Record<string, string> = {
  [paths.home]: strings.layout.home,
  [paths.messages]: strings.layout.messages,
  [paths.notification]: strings.layout.notification,
  [paths.settings]: strings.layout.settings,
};

/** Puts the unread total in the tab title, e.g. '(3) Messages · Chatty', on every signed-in page. */
function useUnreadTitle(total: number) {
  const { pathname } = useLocation();
  const page = pageNames[pathname.replace(/\/$/, '')] ?? strings.layout.home;
  useEffect(() => {
    document.title = strings.inbox.title(page, total);
  }, [page, total]);
  useEffect(
    () => () => {
      document.title = 'Chatty';
    },
    [],
  );
}

/** The unread total on the sidebar's Messages link (current friendships only), live. */
export function MessagesBadge() {
  const total = useAppSelector(selectTotalUnread);
  useUnreadTitle(total);
  // On the icon while the sidebar shows icons only, after the label when it shows labels.
  return <UnreadBadge count={total} className="absolute right-0 top-0 xl:static xl:ml-auto" />;
}
