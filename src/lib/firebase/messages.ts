import {
  endBefore,
  get,
  limitToLast,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  type Database,
  type DataSnapshot,
  type Unsubscribe,
} from 'firebase/database';
import { parseChatMessage, type ChatMessage } from './chat-message';
import { db as appDb } from './database';

type OnError = (error: Error) => void;

/** Who writes to whom; the rules check both against the current `friendList/{relId}`. */
export interface MessageParties {
  relId: string;
  from: { uid: string; name: string };
  to: { uid: string; name: string };
}

function parseOrdered(snapshot: DataSnapshot): ChatMessage[] {
  const out: ChatMessage[] = [];
  snapshot.forEach((child) => {
    const item = child.key ? parseChatMessage(child.key, child.val()) : null;
    if (item) out.push(item);
  });
  return out;
}

/**
 * One-to-one conversations: `sendMessage/{relId}/{msgId}`, readable and writable only by the
 * two parties of the current `friendList/{relId}` (docs/data-model.md, Conversations).
 */
export function makeMessagesApi(db: Database) {
  const conversation = (relId: string) => ref(db, `sendMessage/${relId}`);
  return {
    /** The newest `pageSize` messages, oldest first, live. */
    subscribeLatest(
      page: { relId: string; pageSize: number },
      onData: (messages: ChatMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(
        query(conversation(page.relId), orderByChild('createdAt'), limitToLast(page.pageSize)),
        (snapshot) => onData(parseOrdered(snapshot)),
        onError,
      );
    },

    /** Up to `pageSize` messages older than `before`, oldest first. Messages never change. */
    async fetchOlder(page: {
      relId: string;
      before: Pick<ChatMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ChatMessage[]> {
      const snapshot = await get(
        query(
          conversation(page.relId),
          orderByChild('createdAt'),
          endBefore(page.before.createdAt, page.before.id),
          limitToLast(page.pageSize),
        ),
      );
      return parseOrdered(snapshot);
    },

    /** One push, stamped with server time; resolves once the server accepted it. */
    async send({ relId, from, to }: MessageParties, message: string): Promise<void> {
      await push(conversation(relId), {
        message,
        messagesenderId: from.uid,
        massagesenderName: from.name,
        messagereceiverId: to.uid,
        messagereceiverName: to.name,
        createdAt: serverTimestamp(),
      });
    },
  };
}

export type MessagesApi = ReturnType<typeof makeMessagesApi>;

export const messagesApi: MessagesApi = makeMessagesApi(appDb);
