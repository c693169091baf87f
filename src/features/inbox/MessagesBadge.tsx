import { useAppSelector } from '../../store/hooks';
import { useTitleCount } from '../../components/document-title';
import { selectTotalUnread } from './inbox-selectors';
import { UnreadBadge } from './UnreadBadge';

/**
 * The unread total on the sidebar's Messages link (current friendships only), live; it also
 * prefixes the tab title, e.g. '(3) Messages · Chatty', on every signed-in screen.
 */
export function MessagesBadge() {
  const total = useAppSelector(selectTotalUnread);
  useTitleCount(total);
  // On the icon while the sidebar shows icons only, after the label when it shows labels.
  return <UnreadBadge count={total} className="absolute right-0 top-0 xl:static xl:ml-auto" />;
}
