/** `settings/{uid}`: a person's preferences, theirs alone. Each key is listed with its type. */
import { and, or, x, type Expr, type RuleNode } from './builder';
import { at, eq, ne, oneOf, ownRecord, val } from './conditions';
import { NOTIFICATION_KINDS } from './notifications';

/** `uid`'s setting `key` as stored: absent until they change it, and then its default applies. */
export const settingOf = (uid: Expr, key: string) => val(at('settings', uid, key));
/** A switch of `uid`'s that is on unless they switched it off (absent means on). */
export const switchedOn = (uid: Expr, key: string) => ne(settingOf(uid, key), x`false`);

export const settings: RuleNode = ownRecord({
  // Absent means on: the person sends read markers and sees the friend's.
  readReceipts: { '.validate': x`newData.isBoolean()` },
  // Absent means on; off closes status/{uid} to everyone else (rules/presence.ts).
  showPresence: { '.validate': x`newData.isBoolean()` },
  // Absent means everyone; 'nobody' refuses new requests to me (rules/friends-requests.ts).
  friendRequests: { '.validate': oneOf('everyone', 'nobody') },
  // Browser notifications (the Notification API), off unless switched on, and per kind.
  browserNotifications: { '.validate': x`newData.isBoolean()` },
  // The message's words in the notification (absent means on), and a sound (off).
  notificationPreviews: { '.validate': x`newData.isBoolean()` },
  notificationSound: { '.validate': x`newData.isBoolean()` },
  notifyKinds: {
    '.validate': x`newData.hasChildren()`,
    $kind: {
      '.validate': and(
        x`newData.isBoolean()`,
        or(...NOTIFICATION_KINDS.map((kind) => eq(x`$kind`, kind))),
      ),
    },
  },
  $other: { '.validate': false },
});
