import { parseConversationKey, type ConversationKey } from '../../conversation-key';

/** Where a conversation's wraps and its waits (epochs owed to a party without a device) live. */
export const wrapsTree = (conversation: ConversationKey) => {
  const { kind, id } = parseConversationKey(conversation);
  const group = kind === 'group';
  return {
    tree: group ? 'groupKeys' : 'conversationKeys',
    waits: group ? 'groupKeyWaits' : 'conversationKeyWaits',
    id,
    kind,
  };
};
