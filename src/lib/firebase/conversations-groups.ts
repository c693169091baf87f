import {
  increment,
  push,
  ref,
  serverTimestamp,
  update,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { sendOnce } from './conversations-send-once';
import { conversationReads } from './conversations-reads';
import type { ChatMessage } from './conversations-message';
import {
  groupSendUpdate,
  parseGroupChatMessage,
  type GroupParties,
} from './conversations-group-message';
import type { SentMessage } from './inbox-entry';

export type { GroupParties } from './conversations-group-message';

type OnError = (error: Error) => void;

/**
 * Group conversations (rules/group-messages.ts): the group's admin and current members read
 * and post, each as themself; a message is never changed. The reads are the one-to-one
 * chat's (conversation-reads.ts), so the same store and list show both kinds.
 */
export function makeGroupMessagesApi(db: Database) {
  const conversation = (groupId: string) => ref(db, `groupMessages/${groupId}`);
  const reads = (groupId: string) =>
    conversationReads(conversation(groupId), (id, value) =>
      parseGroupChatMessage(groupId, id, value),
    );
  return {
    /** The newest `pageSize` messages of the group, oldest first, live. */
    subscribeGroupLatest(
      page: { groupId: string; pageSize: number },
      onData: (messages: ChatMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return reads(page.groupId).subscribeLatest(page.pageSize, onData, onError);
    },

    /** Up to `pageSize` messages older than `before`, oldest first. */
    fetchGroupOlder(page: {
      groupId: string;
      before: Pick<ChatMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ChatMessage[]> {
      return reads(page.groupId).fetchOlder(page.before, page.pageSize);
    },

    /**
     * Posts `text` with every other member's unread count + 1 in the same root update; the id
     * is known at once and `acked` settles as in a one-to-one send (messages.ts `send`, whose
     * `retryOf` this takes too).
     */
    sendToGroup(parties: GroupParties, text: string, retryOf?: string): SentMessage {
      const id = retryOf ?? push(conversation(parties.groupId)).key;
      if (!id) throw new Error('A push id is always generated');
      const server = { now: serverTimestamp(), plusOne: increment(1) };
      const changes = groupSendUpdate(parties, id, text, server);
      return sendOnce(db, id, `groupMessages/${parties.groupId}/${id}`, changes, !!retryOf);
    },

    /** The admin renames the group (both fields in one write, checked by the rules). */
    renameGroup: (groupId: string, fields: { groupName: string; groupTag: string }) =>
      update(ref(db, `Mygroup/${groupId}`), fields),
  };
}

export type GroupMessagesApi = ReturnType<typeof makeGroupMessagesApi>;
