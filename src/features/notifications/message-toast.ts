import type { RootState } from '../../store/store';
import { paths } from '../../config/paths';
import { selectLookingAt, type MessageAlert } from './message-alerts';
import { notificationsStrings } from './notifications-strings';

/** A toast to show: `key` names the thing it is about, so news about it updates the same one. */
export interface NoticeToast {
  key: string;
  text: string;
}

/**
 * The toast a new message gives: one per conversation, saying how many are unread, so a burst
 * of messages updates one toast rather than stacking one each. None for a muted conversation,
 * for the one on screen, for a group (its row and the desktop tell), or on the messages screen
 * and the feed, which list them already.
 */
export function messageToastOf(
  state: RootState,
  alert: MessageAlert,
  pathname: string,
): NoticeToast | null {
  if (alert.muted || alert.group !== undefined) return null;
  if (pathname === paths.messages || pathname === paths.notification) return null;
  if (selectLookingAt(state, alert.key)) return null;
  return {
    key: `message:${alert.key}`,
    text: notificationsStrings.text.message(alert.sender, alert.count),
  };
}
