import {
  endBefore,
  get,
  increment,
  limitToLast,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  update,
  type Database,
  type DataSnapshot,
  type Unsubscribe,
} from 'firebase/database';
import type { ChatMessage } from './chat-message';
import { groupSendUpdate, parseGroupChatMessage, type GroupParties } from './group-message-update';
import { asSentMessage, type SentMessage } from './inbox-entry';

export type { GroupParties } from './group-message-update';

type OnError = (error: Error) => void;

function parseOrdered(groupId: string, snapshot: DataSnapshot): ChatMessage[] {
  const out: ChatMessage[] = [];
  snapshot.forEach((child) => {
    const message = child.key ? parseGroupChatMessage(groupId, child.key, child.val()) : null;
    if (message) out.push(message);
  });
  return out;
}

/**
 * Group conversations (rules/group-messages.ts): the group's admin and current members read
 * and post, each as themself; a message is never changed. The reads mirror the one-to-one
 * chat's (messages.ts), so the same store and list show both kinds.
 */
export function makeGroupMessagesApi(db: Database) {
  const conversation = (groupId: string) => ref(db, `groupMessages/${groupId}`);
  return {
    /** The newest `pageSize` messages of the group, oldest first, live. */
    subscribeGroupLatest(
      page: { groupId: string; pageSize: number },
      onData: (messages: ChatMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(
        query(conversation(page.groupId), orderByChild('createdAt'), limitToLast(page.pageSize)),
        (snapshot) => onData(parseOrdered(page.groupId, snapshot)),
        onError,
      );
    },

    /** Up to `pageSize` messages older than `before`, oldest first. */
    async fetchGroupOlder(page: {
      groupId: string;
      before: Pick<ChatMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ChatMessage[]> {
      const snapshot = await get(
        query(
          conversation(page.groupId),
          orderByChild('createdAt'),
          endBefore(page.before.createdAt, page.before.id),
          limitToLast(page.pageSize),
        ),
      );
      return parseOrdered(page.groupId, snapshot);
    },

    /**
     * Posts `text` with every other member's unread count + 1 in the same root update; the id
     * is known at once and `acked` settles as in a one-to-one send (messages.ts `send`).
     */
    sendToGroup(parties: GroupParties, text: string): SentMessage {
      const id = push(conversation(parties.groupId)).key;
      if (!id) throw new Error('A push id is always generated');
      const server = { now: serverTimestamp(), plusOne: increment(1) };
      return asSentMessage(id, update(ref(db), groupSendUpdate(parties, id, text, server)));
    },

    /** The admin renames the group (both fields in one write, checked by the rules). */
    renameGroup: (groupId: string, fields: { groupName: string; groupTag: string }) =>
      update(ref(db, `Mygroup/${groupId}`), fields),
  };
}

export type GroupMessagesApi = ReturnType<typeof makeGroupMessagesApi>;
