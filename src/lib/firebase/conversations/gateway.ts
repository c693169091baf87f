import { push, ref, type Database, type Unsubscribe } from 'firebase/database';
import { conversationKey, type ConversationKind } from '../../conversation-key';
import { openInOrder } from './open';
import { hiddenMessages } from './hidden';
import { directConversations, groupConversations, type ConversationLocation } from './location';
import type { ConversationMessage } from './message';
import { messageActions } from './message-actions';
import { conversationReads } from './reads';
import type { Outbox } from './outbox';
import { outboxOf, sendThroughOutbox, withHeldMessages } from './outbox-send';
import { conversationSealing, noCrypto, type CryptoNow } from './sealing';
import { serverClockOf } from './integrity/server-clock';
import type { SendExtras } from './send-write';
import type { SentMessage } from '../inbox/shapes';
import { listenPlaced, placementsOf, refusedForNow, writeFollowingMoves } from './placement';
import { hintOnceStored } from './placement/hints';

export type { HiddenCover } from './inbox-entry-cover';

type OnError = (error: Error) => void;

export type { CryptoNow } from './sealing';
export { type ConversationLocation } from './location';

/**
 * The conversations of one location (docs/data-model.md, Conversations): the latest page live,
 * older pages, sending, and the message actions (Message actions: message-actions.ts). The
 * rules decide who reads and writes, and which changes a stored message may take.
 */
function makeConversationApi<Parties>(
  db: Database,
  location: ConversationLocation<Parties>,
  cryptoNow: CryptoNow = noCrypto,
  outbox: Outbox = outboxOf(db),
) {
  // Every path of a conversation is on its placement's instance (docs/scaling.md).
  const placements = placementsOf(db);
  const keyOf = (id: string) => conversationKey(location.kind, id);
  const databaseOf = (id: string) => placements.databaseOf(keyOf(id));
  const readsOn = (on: Database, id: string) =>
    conversationReads(ref(on, `${location.root}/${id}`), (messageId, value) =>
      location.parse(id, messageId, value),
    );
  const reads = async (id: string) => readsOn(await databaseOf(id), id);
  const { opened, openedOne, sealed } = conversationSealing(location, cryptoNow, serverClockOf(db));
  // Refused while the conversation moves: held, then written where it went (follow.ts).
  const writeIn = (id: string, changes: Record<string, unknown>) =>
    writeFollowingMoves(placements, keyOf(id), (at) => at.update(changes));
  return {
    /** The newest `pageSize` messages of conversation `id`, oldest first, live. */
    subscribeLatest(
      page: { id: string; pageSize: number },
      onData: (messages: ConversationMessage[]) => void,
      onError: OnError,
    ): Unsubscribe {
      // My messages held by the outbox (sent offline) are drawn with the stored ones.
      return withHeldMessages(outbox, keyOf(page.id), onData, (onStored) =>
        listenPlaced(
          placements,
          keyOf(page.id),
          (on, failed) =>
            readsOn(on, page.id).subscribeLatest(
              page.pageSize,
              openInOrder((messages) => opened(page.id, messages), onStored, failed),
              failed,
            ),
          onError,
        ),
      );
    },

    /** Up to `pageSize` messages older than `before`, oldest first. */
    fetchOlder(page: {
      id: string;
      before: Pick<ConversationMessage, 'id' | 'createdAt'>;
      pageSize: number;
    }): Promise<ConversationMessage[]> {
      return reads(page.id)
        .then((on) => on.fetchOlder(page.before, page.pageSize))
        .then((messages) => opened(page.id, messages));
    },

    /**
     * The messages of conversation `id` edited or deleted for everyone at or after `since`
     * (server time), and the latest such time (see reads.ts).
     */
    async fetchChangedSince(
      id: string,
      since: number,
    ): Promise<{ messages: ConversationMessage[]; until: number }> {
      const changed = await (await reads(id)).fetchChangedSince(since);
      return { messages: await opened(id, changed.messages), until: changed.until };
    },

    /**
     * The message and every party's inbox entry in one root update (the send write). The id is
     * known at once (a client-generated push id), so the UI can show the message as pending;
     * `acked` resolves when the server stored it and rejects when it refused it. Sent offline, a
     * message is held by the app's outbox (drawn pending, sealed and written in order once
     * connected: conversations-outbox.ts). A message stored whose acknowledgement was lost
     * still settles as sent (send-once.ts). `retryOf`: the id of a message
     * reported failed, sent again under that id only if it is not stored.
     */
    send(parties: Parties, text: string, retryOf?: string, extras?: SendExtras): SentMessage {
      const at = location.conversationOf(parties);
      // A push id needs no connection: any reference of the project makes the same kind.
      const id = retryOf ?? push(ref(db, `${location.root}/${at}`)).key;
      if (!id) throw new Error('A push id is always generated');
      const path = `${location.root}/${at}/${id}`;
      const key = keyOf(at);
      const sent = sendThroughOutbox(() => placements.reach(key), outbox, {
        refusedForNow: (on) => refusedForNow(placements, key, on),
        id,
        conversation: keyOf(at),
        path,
        sender: location.everyone(parties)[0],
        text,
        retry: retryOf !== undefined,
        changes: (words, server) => ({
          ...location.sendWrite(parties, id, words, server, extras),
          ...extras?.extraChanges?.(id, server),
        }),
        seal: (changes) => sealed(parties, changes),
        parse: (value) => location.parse(at, id, value),
      });
      // A friend whose home is elsewhere hears of it by a hint (a group's come from the relay).
      const friend = location.kind === 'direct' ? location.everyone(parties)[1] : undefined;
      return hintOnceStored(sent, placements, key, friend);
    },

    ...messageActions({ location, outbox, sealed, writeIn }),
    ...hiddenMessages(placements, location.kind),

    /** One message by id (a quote whose original is not loaded), or null when there is none. */
    async fetchOne(conversationId: string, messageId: string): Promise<ConversationMessage | null> {
      const path = `${location.root}/${conversationId}/${messageId}`;
      const value = await (
        await placements.reach(keyOf(conversationId))
      ).run((at) => at.read(path));
      return openedOne(conversationId, location.parse(conversationId, messageId, value));
    },

    /**
     * Every message from `from` (included) up to `before` (excluded), oldest first, in one
     * query: what a jump to a quoted original needs above the oldest loaded message.
     */
    async fetchBetween(
      conversationId: string,
      from: Pick<ConversationMessage, 'id' | 'createdAt'>,
      before: Pick<ConversationMessage, 'id' | 'createdAt'>,
    ): Promise<ConversationMessage[]> {
      const on = await reads(conversationId);
      return opened(conversationId, await on.fetchBetween(from, before));
    },
  };
}

export type ConversationApi<Parties> = ReturnType<typeof makeConversationApi<Parties>>;

/**
 * Every kind of conversation, by kind: `conversations.direct`, `conversations.group`. One outbox
 * for both (and for photos: conversations-images.ts), so sends made offline go out in the order
 * they were made. `signedIn`: the current
 * session's uid, so a send held for someone who signed out is neither drawn nor delivered.
 */
export function makeConversationsApi(
  db: Database,
  cryptoNow: CryptoNow = noCrypto,
  signedIn?: () => string | undefined,
) {
  const outbox = outboxOf(db, signedIn);
  return {
    direct: makeConversationApi(db, directConversations, cryptoNow, outbox),
    group: makeConversationApi(db, groupConversations, cryptoNow, outbox),
  } satisfies Record<ConversationKind, unknown>;
}

type ConversationsApi = ReturnType<typeof makeConversationsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    conversations: ConversationsApi;
  }
}
