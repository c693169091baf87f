import { parseConversationKey, type ConversationKey } from '../../lib/conversation-key';

/**
 * Where the messages screen shows conversation `conv`: `?group=` a group's (the link a mention
 * uses too), `?friend=` a friendship's; the route opens it, search-listeners.ts then jumps.
 */
export function conversationPath(conv: ConversationKey): string {
  const { kind, id } = parseConversationKey(conv);
  return `/pages/messages?${kind === 'group' ? 'group' : 'friend'}=${encodeURIComponent(id)}`;
}
