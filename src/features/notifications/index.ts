/** What other features and the app may use from the notifications feature. */
export { NotificationPage } from './NotificationPage';
export { NotificationBadge } from './NotificationBadge';
export { selectUnreadCount } from './notifications-selectors';
export { GroupMentionMark } from './GroupMentionMark';
