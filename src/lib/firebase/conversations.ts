import {
  increment,
  push,
  ref,
  serverTimestamp,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import type { ConversationKind } from '../conversation-key';
import { parseGroupChatMessage } from './conversations-group-message';
import { parseChatMessage, type ChatMessage } from './conversations-message';
import { conversationReads } from './conversations-reads';
import { sendOnce } from './conversations-send-once';
import {
  directSendWrite,
  groupSendWrite,
  type GroupParties,
  type MessageParties,
  type ServerValues,
} from './conversations-send-write';
import type { SentMessage } from './inbox-entry';

export type { GroupParties, MessageParties } from './conversations-send-write';
export type { SentMessage } from './inbox-entry';

type OnError = (error: Error) => void;

/** Where one kind of conversation lives, how its messages read, and how a send is written. */
export interface ConversationLocation<Parties> {
  /** The tree of its messages: `{root}/{conversationId}/{messageId}`. */
  root: string;
  parse: (conversationId: string, id: string, value: unknown) => ChatMessage | null;
  conversationOf: (parties: Parties) => string;
  sendWrite: (
    parties: Parties,
    id: string,
    text: string,
    server: ServerValues,
  ) => Record<string, unknown>;
}

/** A friendship's conversation: `sendMessage/{relId}`, the two parties of `friendList/{relId}`. */
export const directConversations: ConversationLocation<MessageParties> = {
  root: 'sendMessage',
  parse: (_relId, id, value) => parseChatMessage(id, value),
  conversationOf: (parties) => parties.relId,
  sendWrite: directSendWrite,
};

/** A group's conversation: `groupMessages/{groupId}`, its admin and current members. */
export const groupConversations: ConversationLocation<GroupParties> = {
  root: 'groupMessages',
  parse: parseGroupChatMessage,
  conversationOf: (parties) => parties.groupId,
  sendWrite: groupSendWrite,
};

/**
 * The conversations of one location (docs/data-model.md, Conversations): the latest page live,
 * older pages, and sending. The rules decide who reads and writes; a message never changes.
 */
export function makeConversationApi<Parties>(
  db: Database,
  location: ConversationLocation<Parties>,
) {
  const conversation = (id: string) => ref(db, `${location.root}/${id}`);
  const reads = (id: string) =>
    conversationReads(conversation(id), (messageId, value) => location.parse(id, messageId, value));
  return {
    /** The newest `pageSize` messages of conversation `id`, oldest first, live. */
    subscribeLatest(
      page: { id: string; pageSize: number },
      onData: (messages: ChatMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return reads(page.id).subscribeLatest(page.pageSize, onData, onError);
    },

    /** Up to `pageSize` messages older than `before`, oldest first. */
    fetchOlder(page: {
      id: string;
      before: Pick<ChatMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ChatMessage[]> {
      return reads(page.id).fetchOlder(page.before, page.pageSize);
    },

    /**
     * The message and every party's inbox entry in one root update (the send write). The id is
     * known at once (a client-generated push id), so the UI can show the message as pending;
     * `acked` resolves when the server stored it and rejects when it refused it. Writes made
     * offline are queued by the SDK and sent in order once connected. A message stored whose
     * acknowledgement was lost still settles as sent (conversations-send-once.ts). `retryOf`:
     * the id of a message reported failed, sent again under that id only if it is not stored.
     */
    send(parties: Parties, text: string, retryOf?: string): SentMessage {
      const at = location.conversationOf(parties);
      const id = retryOf ?? push(conversation(at)).key;
      if (!id) throw new Error('A push id is always generated');
      const server = { now: serverTimestamp(), plusOne: increment(1) };
      const changes = location.sendWrite(parties, id, text, server);
      const path = `${location.root}/${at}/${id}`;
      return sendOnce(db, id, path, changes, retryOf !== undefined);
    },
  };
}

export type ConversationApi<Parties> = ReturnType<typeof makeConversationApi<Parties>>;

/** Every kind of conversation, by kind: `conversations.direct`, `conversations.group`. */
export function makeConversationsApi(db: Database) {
  return {
    direct: makeConversationApi(db, directConversations),
    group: makeConversationApi(db, groupConversations),
  } satisfies Record<ConversationKind, unknown>;
}

export type ConversationsApi = ReturnType<typeof makeConversationsApi>;

declare module '../../store/gateways' {
  interface DatabaseGateways {
    conversations: ConversationsApi;
  }
}
