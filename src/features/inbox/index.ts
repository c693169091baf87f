/** What other features and the routes may use from the inbox feature. */
export { ConversationList } from './ConversationList';
export {
  selectInboxEntries,
  selectInboxEntry,
  selectInboxReady,
  selectOffline,
} from './inbox-selectors';
export { MessagesBadge } from './MessagesBadge';
export { OfflineBanner } from './OfflineBanner';
export { useGroupRowSummary } from './use-group-row-summary';
export { useGroupArrangement } from './use-group-arrangement';
export { ConversationMuteMenu } from './ConversationMuteMenu';
export { selectMutedKeys } from './inbox-prefs-selectors';
