/** What other features and the routes may use from the inbox feature. */
export { ConversationList } from './ConversationList';
export { ConversationTime } from './ConversationTime';
export { selectInboxEntry, selectOffline, selectUnreadOf } from './inbox-selectors';
export { MessagesBadge } from './MessagesBadge';
export { OfflineBanner } from './OfflineBanner';
export { useGroupRowSummary } from './use-group-row-summary';
