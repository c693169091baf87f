import {
  limitToLast,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  set,
  update,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { MESSAGE_MAX_LENGTH } from './chat-message';

/** One message of a group's conversation, `groupMessages/{groupId}/{id}`. */
export interface GroupMessage {
  id: string;
  message: string;
  senderId: string;
  senderName: string;
  /** Server time; the pending local write shows the client's estimate. */
  createdAt: number;
}

type OnError = (error: Error) => void;

export function parseGroupMessage(id: string, value: unknown): GroupMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { message, senderId, senderName, createdAt } = value as Record<string, unknown>;
  if (typeof message !== 'string' || typeof senderId !== 'string') return null;
  if (typeof senderName !== 'string' || typeof createdAt !== 'number') return null;
  return { id, message, senderId, senderName, createdAt };
}

/**
 * Group conversations (rules/group-messages.ts): the group's admin and current members read
 * and post, each as themself; a message is never changed.
 */
export function makeGroupMessagesApi(db: Database) {
  return {
    /** The newest `limit` messages of the group, oldest first, live. */
    subscribeGroupMessages(
      page: { groupId: string; limit: number },
      onData: (messages: GroupMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(
        query(
          ref(db, `groupMessages/${page.groupId}`),
          orderByChild('createdAt'),
          limitToLast(page.limit),
        ),
        (snapshot) => {
          const out: GroupMessage[] = [];
          snapshot.forEach((child) => {
            const message = child.key ? parseGroupMessage(child.key, child.val()) : null;
            if (message) out.push(message);
          });
          onData(out);
        },
        onError,
      );
    },

    async sendGroupMessage(
      groupId: string,
      sender: { uid: string; username: string },
      text: string,
    ) {
      if (text.length === 0 || text.length > MESSAGE_MAX_LENGTH)
        throw new Error('Bad message length');
      const target = push(ref(db, `groupMessages/${groupId}`));
      await set(target, {
        message: text,
        senderId: sender.uid,
        senderName: sender.username,
        createdAt: serverTimestamp(),
      });
      return target.key;
    },

    /** The admin renames the group (both fields in one write, checked by the rules). */
    renameGroup: (groupId: string, fields: { groupName: string; groupTag: string }) =>
      update(ref(db, `Mygroup/${groupId}`), fields),
  };
}

export type GroupMessagesApi = ReturnType<typeof makeGroupMessagesApi>;
