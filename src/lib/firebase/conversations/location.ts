import {
  parseConversationKey,
  type ConversationKey,
  type ConversationKind,
} from '../../conversation-key';
import { parseGroupMessage } from './group-message';
import { parseDirectMessage, type ConversationMessage } from './message';
import {
  directSendWrite,
  groupSendWrite,
  type GroupParties,
  type MessageParties,
  type SendExtras,
  type ServerValues,
} from './send-write';

/** Where one kind of conversation lives, how its messages read, and how a send is written. */
export interface ConversationLocation<Parties> {
  kind: ConversationKind;
  /** The tree of its messages: `{root}/{conversationId}/{messageId}`. */
  root: string;
  parse: (conversationId: string, id: string, value: unknown) => ConversationMessage | null;
  conversationOf: (parties: Parties) => string;
  /** The uids of every party, the sender (`from`) first. */
  everyone: (parties: Parties) => string[];
  sendWrite: (
    parties: Parties,
    id: string,
    text: string,
    server: ServerValues,
    extras?: SendExtras,
  ) => Record<string, unknown>;
}

/** A friendship's conversation: `sendMessage/{conversationId}`, the two parties of `friendList/{conversationId}`. */
export const directConversations: ConversationLocation<MessageParties> = {
  kind: 'direct',
  root: 'sendMessage',
  parse: (_conversationId, id, value) => parseDirectMessage(id, value),
  conversationOf: (parties) => parties.conversationId,
  everyone: (parties) => [parties.from.uid, parties.to.uid],
  sendWrite: directSendWrite,
};

/** A group's conversation: `groupMessages/{groupId}`, its admin and current members. */
export const groupConversations: ConversationLocation<GroupParties> = {
  kind: 'group',
  root: 'groupMessages',
  parse: parseGroupMessage,
  conversationOf: (parties) => parties.groupId,
  everyone: (parties) => [parties.from.uid, ...parties.to],
  sendWrite: (parties, id, text, server, extras) =>
    groupSendWrite(parties, id, text, server, undefined, extras),
};

/** Where a message of conversation `key` is stored, and how it parses. */
export function storedMessage(key: ConversationKey, id: string) {
  const { kind, id: conversationId } = parseConversationKey(key);
  const location: ConversationLocation<unknown> =
    kind === 'group'
      ? (groupConversations as ConversationLocation<unknown>)
      : (directConversations as ConversationLocation<unknown>);
  return {
    path: `${location.root}/${conversationId}/${id}`,
    parse: (value: unknown) => location.parse(conversationId, id, value),
  };
}
