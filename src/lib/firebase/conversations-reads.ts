import {
  endBefore,
  get,
  limitToLast,
  onValue,
  orderByChild,
  query,
  type DatabaseReference,
  type DataSnapshot,
  type Unsubscribe,
} from 'firebase/database';
import type { ChatMessage } from './conversations-message';

type Parse = (id: string, value: unknown) => ChatMessage | null;

/**
 * The reads one conversation needs, whatever its kind (a friendship's `sendMessage/{relId}` or a
 * group's `groupMessages/{groupId}`): messages ordered by server time, paged from the newest.
 */
export function conversationReads(conversation: DatabaseReference, parse: Parse) {
  const parseOrdered = (snapshot: DataSnapshot): ChatMessage[] => {
    const out: ChatMessage[] = [];
    snapshot.forEach((child) => {
      const message = child.key ? parse(child.key, child.val()) : null;
      if (message) out.push(message);
    });
    return out;
  };
  return {
    /** The newest `pageSize` messages, oldest first, live. */
    subscribeLatest(
      pageSize: number,
      onData: (messages: ChatMessage[]) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return onValue(
        query(conversation, orderByChild('createdAt'), limitToLast(pageSize)),
        (snapshot) => onData(parseOrdered(snapshot)),
        onError,
      );
    },

    /** Up to `pageSize` messages older than `before`, oldest first. Messages never change. */
    async fetchOlder(
      before: Pick<ChatMessage, 'id' | 'createdAt'>,
      pageSize: number,
    ): Promise<ChatMessage[]> {
      const snapshot = await get(
        query(
          conversation,
          orderByChild('createdAt'),
          endBefore(before.createdAt, before.id),
          limitToLast(pageSize),
        ),
      );
      return parseOrdered(snapshot);
    },
  };
}
