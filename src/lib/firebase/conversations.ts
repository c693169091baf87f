import {
  increment,
  push,
  ref,
  serverTimestamp,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { conversationReads } from './conversations-reads';
import { parseChatMessage, type ChatMessage } from './conversations-message';
import { db as appDb } from './database';
import { sendUpdate, type MessageParties, type SentMessage } from './inbox-entry';
import { sendOnce } from './conversations-send-once';

export type { MessageParties, SentMessage } from './inbox-entry';

type OnError = (error: Error) => void;

/**
 * One-to-one conversations: `sendMessage/{relId}/{msgId}`, readable and writable only by the
 * two parties of the current `friendList/{relId}` (docs/data-model.md, Conversations).
 */
export function makeMessagesApi(db: Database) {
  const conversation = (relId: string) => ref(db, `sendMessage/${relId}`);
  const reads = (relId: string) => conversationReads(conversation(relId), parseChatMessage);
  return {
    /** The newest `pageSize` messages, oldest first, live. */
    subscribeLatest(
      page: { relId: string; pageSize: number },
      onData: (messages: ChatMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return reads(page.relId).subscribeLatest(page.pageSize, onData, onError);
    },

    /** Up to `pageSize` messages older than `before`, oldest first. Messages never change. */
    fetchOlder(page: {
      relId: string;
      before: Pick<ChatMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ChatMessage[]> {
      return reads(page.relId).fetchOlder(page.before, page.pageSize);
    },

    /**
     * The message and both inbox entries in one root update (the receiver's unread count + 1).
     * The id is known at once (a client-generated push id), so the UI can show the message as
     * pending; `acked` resolves when the server stored it and rejects when it refused it. Writes
     * made offline are queued by the SDK and sent in order once connected. A message stored
     * whose acknowledgement was lost still settles as sent (send-once.ts). `retryOf`: the id of
     * a message reported failed, sent again under that id only if it is not stored.
     */
    send(parties: MessageParties, message: string, retryOf?: string): SentMessage {
      const id = retryOf ?? push(conversation(parties.relId)).key;
      if (!id) throw new Error('A push id is always generated');
      const server = { now: serverTimestamp(), plusOne: increment(1) };
      const changes = sendUpdate(parties, id, message, server);
      return sendOnce(db, id, `sendMessage/${parties.relId}/${id}`, changes, retryOf !== undefined);
    },
  };
}

export type MessagesApi = ReturnType<typeof makeMessagesApi>;

export const messagesApi: MessagesApi = makeMessagesApi(appDb);

declare module '../../store/gateways' {
  interface DatabaseGateways {
    messages: MessagesApi;
  }
}
