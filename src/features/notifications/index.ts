/** What other features and the app may use from the notifications feature. */
export { NotificationBadge } from './NotificationBadge';
export { GroupMentionMark } from './GroupMentionMark';
