/**
 * The notifications gateway: what talks to Firebase for notifications (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export {
  currentName,
  makeNotificationsApi,
  notificationChanges,
  readForNotification,
} from './gateway';
