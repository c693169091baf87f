/** What other features and the routes may use from the inbox feature. */
export { ConversationList } from './ConversationList';
export { FailedMessages } from '../conversations/FailedMessages';
export { ConversationTime } from './ConversationTime';
export { GroupConversationMeta, GroupPreview } from './GroupInboxSummary';
export { useGroupInboxEntry } from './use-group-inbox-entry';
export { typedInChat } from './inbox-listeners';
export { selectOffline, selectReadUpTo, selectUnreadOf } from './inbox-selectors';
export { MessagesBadge } from './MessagesBadge';
export { MessageStatus } from '../conversations/MessageStatus';
export { OfflineBanner } from './OfflineBanner';
export { trackSend } from '../conversations/track-send';
export type { OutgoingMessage } from './inbox-slice';
export { TypingIndicator } from '../conversations/TypingIndicator';
export { useFriendTyping } from '../conversations/use-friend-typing';
export { useChatShown } from '../conversations/use-chat-shown';
