import { parseConversationKey, type ConversationKey } from '../../lib/conversation-key';

/**
 * Where the messages screen shows conversation `conv`: `?group=` a group's (the link a mention
 * uses too), `?friend=` a friendship's; the route opens it, search-listeners.ts then jumps.
 * `view=chat` is the phone layout's chat half (app/shell/phone-conversation-view.ts): on a phone the
 * result lands in the chat, not on the list beside it; wider screens show both anyway.
 */
export function conversationPath(conv: ConversationKey): string {
  const { kind, id } = parseConversationKey(conv);
  const which = kind === 'group' ? 'group' : 'friend';
  return `/pages/messages?${which}=${encodeURIComponent(id)}&view=chat`;
}
