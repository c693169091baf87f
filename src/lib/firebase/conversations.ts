import {
  endBefore,
  get,
  increment,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  set,
  startAt,
  update,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { conversationKey, type ConversationKind } from '../conversation-key';
import type { ConversationCrypto } from './conversations-crypto';
import { openInOrder } from './conversations-open';
import { isSealed } from '../crypto/sealed-value';
import {
  editWrite,
  hiddenPath,
  reactWrite,
  removeWrite,
  type ActionScope,
} from './conversations-actions-write';
import { writeWithPreviewOrAlone } from './conversations-actions-fallback';
import { parseGroupChatMessage } from './conversations-group-message';
import { parseChatMessage, type ChatMessage } from './conversations-message';
import { conversationReads } from './conversations-reads';
import { sendOnce } from './conversations-send-once';
import {
  directSendWrite,
  groupSendWrite,
  type GroupParties,
  type MessageParties,
  type SendExtras,
  type ServerValues,
} from './conversations-send-write';
import type { SentMessage } from './inbox-entry';

export type { GroupParties, MessageParties, SendExtras } from './conversations-send-write';
export { isReactionKey, EDIT_WINDOW_MS, DELETE_WINDOW_MS } from './conversations-actions-write';
export type { SentMessage } from './inbox-entry';

type OnError = (error: Error) => void;

/** The signed-in user's sealing and opening of conversations; null sends and reads clear text. */
export type CryptoNow = () => Promise<ConversationCrypto | null>;
const noCrypto: CryptoNow = () => Promise.resolve(null);

/** Where one kind of conversation lives, how its messages read, and how a send is written. */
export interface ConversationLocation<Parties> {
  kind: ConversationKind;
  /** The tree of its messages: `{root}/{conversationId}/{messageId}`. */
  root: string;
  parse: (conversationId: string, id: string, value: unknown) => ChatMessage | null;
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

/** A friendship's conversation: `sendMessage/{relId}`, the two parties of `friendList/{relId}`. */
export const directConversations: ConversationLocation<MessageParties> = {
  kind: 'direct',
  root: 'sendMessage',
  parse: (_relId, id, value) => parseChatMessage(id, value),
  conversationOf: (parties) => parties.relId,
  everyone: (parties) => [parties.from.uid, parties.to.uid],
  sendWrite: directSendWrite,
};

/** A group's conversation: `groupMessages/{groupId}`, its admin and current members. */
export const groupConversations: ConversationLocation<GroupParties> = {
  kind: 'group',
  root: 'groupMessages',
  parse: parseGroupChatMessage,
  conversationOf: (parties) => parties.groupId,
  everyone: (parties) => [parties.from.uid, ...parties.to],
  sendWrite: (parties, id, text, server, extras) =>
    groupSendWrite(parties, id, text, server, undefined, extras),
};

/**
 * The conversations of one location (docs/data-model.md, Conversations): the latest page live,
 * older pages, sending, and the message actions (Message actions). The rules decide who reads
 * and writes, and which changes a stored message may take.
 */
export function makeConversationApi<Parties>(
  db: Database,
  location: ConversationLocation<Parties>,
  cryptoNow: CryptoNow = noCrypto,
) {
  const conversation = (id: string) => ref(db, `${location.root}/${id}`);
  const reads = (id: string) =>
    conversationReads(conversation(id), (messageId, value) => location.parse(id, messageId, value));
  const keyOf = (id: string) => conversationKey(location.kind, id);
  /** The messages with their words opened; as they are, at once, when none is sealed. */
  const opened = (id: string, messages: ChatMessage[]): ChatMessage[] | Promise<ChatMessage[]> =>
    messages.some((m) => isSealed(m.message))
      ? cryptoNow().then((crypto) =>
          crypto
            ? Promise.all(messages.map((m) => crypto.openMessage(keyOf(id), m)))
            : messages.map((m) =>
                isSealed(m.message) ? { ...m, message: '', sealed: 'no-key' as const } : m,
              ),
        )
      : messages;
  const openedOne = async (id: string, message: ChatMessage | null) =>
    message ? ((await opened(id, [message]))[0] ?? null) : null;
  /** `changes` sealed for the conversation of `parties` (words, previews, photos). */
  const sealed = async (
    parties: Parties,
    changes: Record<string, unknown>,
    action?: { messageId: string; quoted?: { sender: string; sealedText?: string } },
  ) => {
    const crypto = await cryptoNow();
    if (!crypto) return changes;
    const id = location.conversationOf(parties);
    return crypto.sealUpdate(keyOf(id), changes, {
      parties: location.everyone(parties),
      direct: location.kind === 'direct',
      ...(action ? { messageId: action.messageId, quoted: action.quoted } : {}),
    });
  };
  const scopeOf = (parties: Parties): ActionScope => {
    const everyone = location.everyone(parties);
    return {
      kind: location.kind,
      conversationId: location.conversationOf(parties),
      me: everyone[0],
      everyone,
    };
  };
  const write = (changes: Record<string, unknown>) => update(ref(db), changes);
  return {
    /** The newest `pageSize` messages of conversation `id`, oldest first, live. */
    subscribeLatest(
      page: { id: string; pageSize: number },
      onData: (messages: ChatMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return reads(page.id).subscribeLatest(
        page.pageSize,
        openInOrder((messages) => opened(page.id, messages), onData, onError),
        onError,
      );
    },

    /** Up to `pageSize` messages older than `before`, oldest first. */
    fetchOlder(page: {
      id: string;
      before: Pick<ChatMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ChatMessage[]> {
      return reads(page.id)
        .fetchOlder(page.before, page.pageSize)
        .then((messages) => opened(page.id, messages));
    },

    /**
     * The messages of conversation `id` edited or deleted for everyone at or after `since`
     * (server time), and the latest such time (see conversations-reads.ts).
     */
    async fetchChangedSince(
      id: string,
      since: number,
    ): Promise<{ messages: ChatMessage[]; until: number }> {
      const changed = await reads(id).fetchChangedSince(since);
      return { messages: await opened(id, changed.messages), until: changed.until };
    },

    /**
     * The message and every party's inbox entry in one root update (the send write). The id is
     * known at once (a client-generated push id), so the UI can show the message as pending;
     * `acked` resolves when the server stored it and rejects when it refused it. Writes made
     * offline are queued by the SDK and sent in order once connected. A message stored whose
     * acknowledgement was lost still settles as sent (conversations-send-once.ts). `retryOf`:
     * the id of a message reported failed, sent again under that id only if it is not stored.
     */
    send(parties: Parties, text: string, retryOf?: string, extras?: SendExtras): SentMessage {
      const at = location.conversationOf(parties);
      const id = retryOf ?? push(conversation(at)).key;
      if (!id) throw new Error('A push id is always generated');
      const server = { now: serverTimestamp(), plusOne: increment(1) };
      const changes = {
        ...location.sendWrite(parties, id, text, server, extras),
        ...extras?.extraChanges?.(id, server),
      };
      const path = `${location.root}/${at}/${id}`;
      return sendOnce(db, id, path, sealed(parties, changes), retryOf !== undefined);
    },

    /**
     * Replaces the text of my text message (and `editedAt`); `isLast`: it is the conversation's
     * last message, so every party's preview follows, unless the rules refuse that preview (an
     * entry names a newer message): then the edit alone (conversations-actions-fallback.ts).
     * Offline, queued after its send.
     */
    edit(parties: Parties, message: ChatMessage, text: string, isLast: boolean): Promise<void> {
      const scope = scopeOf(parties);
      const now = serverTimestamp();
      const action = { messageId: message.id };
      return writeWithPreviewOrAlone(
        write,
        sealed(parties, editWrite(scope, message, text, isLast, now), action),
        sealed(parties, editWrite(scope, message, text, false, now), action),
      );
    },

    /**
     * Deletes my message for everyone: only its envelope stays, a photo's bytes go. As for an
     * edit, a preview the rules refuse (another entry names a newer message) is left out.
     */
    remove(parties: Parties, message: ChatMessage, isLast: boolean): Promise<void> {
      const scope = scopeOf(parties);
      const now = serverTimestamp();
      return writeWithPreviewOrAlone(
        write,
        removeWrite(scope, message, isLast, now),
        removeWrite(scope, message, false, now),
      );
    },

    /** Adds (`on`) or takes back my reaction `emoji` to `message`, with the author's notice. */
    async react(parties: Parties, message: ChatMessage, emoji: string, on: boolean): Promise<void> {
      const changes = reactWrite(scopeOf(parties), message, emoji, on, serverTimestamp());
      const quoted = { sender: message.messagesenderId, sealedText: message.sealedText };
      return write(await sealed(parties, changes, { messageId: message.id, quoted }));
    },

    /** Deletes a message for me: hidden on every device of `uid`, nobody else affected. */
    hide(uid: string, conversationId: string, messageId: string): Promise<void> {
      return set(ref(db, `${hiddenPath(location.kind, uid, conversationId)}/${messageId}`), true);
    },

    /** The ids `uid` deleted for themself in conversation `conversationId`, live. */
    subscribeHidden(
      uid: string,
      conversationId: string,
      onData: (ids: Set<string>) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(
        ref(db, hiddenPath(location.kind, uid, conversationId)),
        (snapshot) => {
          const ids = new Set<string>();
          snapshot.forEach((child) => {
            if (child.key && child.val() === true) ids.add(child.key);
          });
          onData(ids);
        },
        onError,
      );
    },

    /** One message by id (a quote whose original is not loaded), or null when there is none. */
    async fetchOne(conversationId: string, messageId: string): Promise<ChatMessage | null> {
      const snapshot = await get(ref(db, `${location.root}/${conversationId}/${messageId}`));
      return openedOne(conversationId, location.parse(conversationId, messageId, snapshot.val()));
    },

    /**
     * Every message from `from` (included) up to `before` (excluded), oldest first, in one
     * query: what a jump to a quoted original needs above the oldest loaded message.
     */
    async fetchBetween(
      conversationId: string,
      from: Pick<ChatMessage, 'id' | 'createdAt'>,
      before: Pick<ChatMessage, 'id' | 'createdAt'>,
    ): Promise<ChatMessage[]> {
      const snapshot = await get(
        query(
          conversation(conversationId),
          orderByChild('createdAt'),
          startAt(from.createdAt, from.id),
          endBefore(before.createdAt, before.id),
        ),
      );
      const out: ChatMessage[] = [];
      snapshot.forEach((child) => {
        const message = child.key ? location.parse(conversationId, child.key, child.val()) : null;
        if (message) out.push(message);
      });
      return opened(conversationId, out);
    },
  };
}

export type ConversationApi<Parties> = ReturnType<typeof makeConversationApi<Parties>>;

/** Every kind of conversation, by kind: `conversations.direct`, `conversations.group`. */
export function makeConversationsApi(db: Database, cryptoNow: CryptoNow = noCrypto) {
  return {
    direct: makeConversationApi(db, directConversations, cryptoNow),
    group: makeConversationApi(db, groupConversations, cryptoNow),
  } satisfies Record<ConversationKind, unknown>;
}

export type ConversationsApi = ReturnType<typeof makeConversationsApi>;

declare module '../../store/gateways' {
  interface DatabaseGateways {
    conversations: ConversationsApi;
  }
}
