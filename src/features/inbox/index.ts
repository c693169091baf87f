/** What other features and the routes may use from the inbox feature. */
export { ConversationList } from './ConversationList';
export { FailedMessages } from './FailedMessages';
export { ConversationTime } from './ConversationTime';
export { GroupConversationMeta, GroupPreview } from './GroupInboxSummary';
export { useGroupInboxEntry } from './use-group-inbox-entry';
export { typedInChat } from './inbox-listeners';
export { selectOffline, selectReadUpTo, selectUnreadOf } from './inbox-selectors';
export { MessagesBadge } from './MessagesBadge';
export { MessageStatus } from './MessageStatus';
export { OfflineBanner } from './OfflineBanner';
export { trackSend } from './track-send';
export type { OutgoingMessage } from './inbox-slice';
export { TypingIndicator } from './TypingIndicator';
export { useFriendTyping } from './use-friend-typing';
export { useChatShown } from './use-chat-shown';
