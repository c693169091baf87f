/**
 * The notifications data as stored: shapes, parsers of untrusted snapshots, paths and pure write
 * builders. Never loads the Firebase SDK (architecture:check), so a first screen may import it.
 */
export { mentionNotificationChanges } from './mention';
export { NOTIFICATION_KINDS, newestFirst } from './record';
export type { AppNotification, NotificationInput, NotificationKind } from './record';
