import {
  endBefore,
  get,
  limitToLast,
  onChildAdded,
  onChildChanged,
  onChildRemoved,
  onValue,
  orderByChild,
  query,
  startAt,
  type DatabaseReference,
  type DataSnapshot,
  type Unsubscribe,
} from 'firebase/database';
import { compareMessages, type ConversationMessage } from './message';

type Parse = (id: string, value: unknown) => ConversationMessage | null;

/** A value a query can be bounded by, as the database orders `createdAt`. */
type Cursor = number | string | boolean | null;

/** The first child of an answer ordered by `createdAt`: its stored time and key. */
function oldestChild(snapshot: DataSnapshot): { at: Cursor; key: string } | null {
  let oldest: { at: Cursor; key: string } | null = null;
  snapshot.forEach((child) => {
    const at: unknown = child.child('createdAt').val();
    const leaf = typeof at === 'number' || typeof at === 'string' || typeof at === 'boolean';
    if (child.key) oldest = { at: leaf ? at : null, key: child.key };
    return true;
  });
  return oldest;
}

/**
 * The reads one conversation needs, whatever its kind (a friendship's `sendMessage/{conversationId}` or a
 * group's `groupMessages/{groupId}`): messages ordered by server time, paged from the newest.
 */
export function conversationReads(conversation: DatabaseReference, parse: Parse) {
  const parseOrdered = (snapshot: DataSnapshot): ConversationMessage[] => {
    const out: ConversationMessage[] = [];
    snapshot.forEach((child) => {
      const message = child.key ? parse(child.key, child.val()) : null;
      if (message) out.push(message);
    });
    return out;
  };
  return {
    /**
     * The newest `pageSize` messages, oldest first, live. Until the server's first answer the
     * SDK raises no value event, not even for this device's own writes: a conversation opened
     * while the connection is down (or before its answer came) would never show a message sent
     * offline, nor its edits. Child events do come for those writes, so until that answer they
     * report what this device holds; the first answer replaces it.
     */
    subscribeLatest(
      pageSize: number,
      onData: (messages: ConversationMessage[]) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      const latest = query(conversation, orderByChild('createdAt'), limitToLast(pageSize));
      const early = new Map<string, ConversationMessage>();
      let answered = false;
      let reported = false;
      let flushQueued = false;
      // One report per batch of child events; a server answer raises its child events and then
      // its value event in the same turn, so the flush sees `answered` and stays silent.
      const flush = () => {
        flushQueued = false;
        if (answered || (!reported && early.size === 0)) return;
        reported = true;
        onData([...early.values()].sort(compareMessages));
      };
      const onEarly = (snapshot: DataSnapshot, removed = false) => {
        if (answered || !snapshot.key) return;
        const message = removed ? null : parse(snapshot.key, snapshot.val());
        if (message) early.set(snapshot.key, message);
        else early.delete(snapshot.key);
        if (!flushQueued) {
          flushQueued = true;
          queueMicrotask(flush);
        }
      };
      const stopEarly = [
        onChildAdded(latest, (snapshot) => onEarly(snapshot)),
        onChildChanged(latest, (snapshot) => onEarly(snapshot)),
        onChildRemoved(latest, (snapshot) => onEarly(snapshot, true)),
      ];
      const closeEarly = () => {
        answered = true;
        early.clear();
        for (const stop of stopEarly.splice(0)) stop();
      };
      const stopLatest = onValue(
        latest,
        (snapshot) => {
          if (!answered) closeEarly();
          onData(parseOrdered(snapshot));
        },
        (error) => {
          closeEarly();
          onError(error);
        },
      );
      return () => {
        closeEarly();
        stopLatest();
      };
    },

    /**
     * Up to `pageSize` messages older than `before`, oldest first; fewer only when nothing
     * older is left, which is how every reader knows it reached the first message. A stored
     * record the app cannot read is left out and the page filled from below it, so it never
     * passes for that start.
     */
    async fetchOlder(
      before: Pick<ConversationMessage, 'id' | 'createdAt'>,
      pageSize: number,
    ): Promise<ConversationMessage[]> {
      const out: ConversationMessage[] = [];
      let below: { at: Cursor; key: string } = { at: before.createdAt, key: before.id };
      for (;;) {
        const wanted = pageSize - out.length;
        const snapshot = await get(
          query(
            conversation,
            orderByChild('createdAt'),
            endBefore(below.at, below.key),
            limitToLast(wanted),
          ),
        );
        out.unshift(...parseOrdered(snapshot));
        const oldest = oldestChild(snapshot);
        if (snapshot.size < wanted || out.length >= pageSize || !oldest) return out;
        below = oldest;
      }
    },

    /** Every message from `from` (included) up to `before` (excluded), oldest first. */
    async fetchBetween(
      from: Pick<ConversationMessage, 'id' | 'createdAt'>,
      before: Pick<ConversationMessage, 'id' | 'createdAt'>,
    ): Promise<ConversationMessage[]> {
      const snapshot = await get(
        query(
          conversation,
          orderByChild('createdAt'),
          startAt(from.createdAt, from.id),
          endBefore(before.createdAt, before.id),
        ),
      );
      return parseOrdered(snapshot);
    },

    /**
     * The messages edited or deleted for everyone at or after `since` (server time), oldest
     * first, and the latest such time among them (`since` when there is none): one query per
     * field, by the rules' index. What a device that was not listening missed.
     */
    async fetchChangedSince(
      since: number,
    ): Promise<{ messages: ConversationMessage[]; until: number }> {
      const changed = new Map<string, ConversationMessage>();
      let until = since;
      for (const field of ['editedAt', 'deletedAt'] as const) {
        const snapshot = await get(query(conversation, orderByChild(field), startAt(since)));
        snapshot.forEach((child) => {
          const at: unknown = child.child(field).val();
          if (typeof at === 'number' && at > until) until = at;
          const message = child.key ? parse(child.key, child.val()) : null;
          if (message) changed.set(message.id, message);
        });
      }
      return { messages: [...changed.values()].sort(compareMessages), until };
    },
  };
}
