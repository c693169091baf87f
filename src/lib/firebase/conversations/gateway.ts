import { push, ref, serverTimestamp, type Database, type Unsubscribe } from 'firebase/database';
import { conversationKey, type ConversationKind } from '../../conversation-key';
import { openInOrder } from './open';
import { editWrite, markerWrite, reactWrite, removeWrite, type ActionScope } from './actions-write';
import { writeWithPreviewOrAlone } from './actions-fallback';
import { hiddenMessages } from './hidden';
import { coverChanges, hideChanges, type HiddenCover } from './inbox-entry-cover';
import { directConversations, groupConversations, type ConversationLocation } from './location';
import type { ConversationMessage } from './message';
import { conversationReads } from './reads';
import type { Outbox } from './outbox';
import { outboxOf, sendThroughOutbox, withHeldMessages } from './outbox-send';
import { conversationSealing, noCrypto, type CryptoNow } from './sealing';
import { bindingMeta } from './integrity/binding-meta';
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
 * older pages, sending, and the message actions (Message actions). The rules decide who reads
 * and writes, and which changes a stored message may take.
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
  const scopeOf = (parties: Parties): ActionScope => {
    const everyone = location.everyone(parties);
    return {
      kind: location.kind,
      conversationId: location.conversationOf(parties),
      me: everyone[0],
      everyone,
    };
  };
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

    /**
     * Replaces the text of my text message (and `editedAt`); `isLast`: it is the conversation's
     * last message, so every party's preview follows, unless the rules refuse that preview (an
     * entry names a newer message): then the edit alone (actions-fallback.ts).
     * A message still held by the outbox gets the new text there: it is delivered once, as last
     * typed, with no `editedAt` (nobody saw the first text). Written already, queued after it.
     */
    edit(
      parties: Parties,
      message: ConversationMessage,
      text: string,
      isLast: boolean,
    ): Promise<void> {
      if (outbox.rewrite(message.id, text)) return Promise.resolve();
      const scope = scopeOf(parties);
      const write = (changes: Record<string, unknown>) => writeIn(scope.conversationId, changes);
      const now = serverTimestamp();
      // Sealed as an edit of this very message: what it shows and when it was sent come along.
      const action = {
        messageId: message.id,
        meta: bindingMeta(message),
        sentAt: message.createdAt,
      };
      return writeWithPreviewOrAlone(
        write,
        sealed(parties, editWrite(scope, message, text, isLast, now), action),
        sealed(parties, editWrite(scope, message, text, false, now), action),
        markerWrite(scope, message, now),
      );
    },

    /**
     * Deletes my message for everyone: only its envelope stays, a photo's bytes go. As for an
     * edit, a preview the rules refuse (another entry names a newer message) is left out. A
     * message still held by the outbox is dropped there: nothing of it ever reaches the server
     * ('withdrawn': it leaves the screen without a placeholder).
     */
    async remove(
      parties: Parties,
      message: ConversationMessage,
      isLast: boolean,
    ): Promise<'withdrawn' | 'deleted'> {
      if (outbox.withdraw(message.id)) return 'withdrawn';
      const scope = scopeOf(parties);
      const write = (changes: Record<string, unknown>) => writeIn(scope.conversationId, changes);
      const now = serverTimestamp();
      // Sealed for its tombstone: readers take a deletion only with the sender's proof.
      const action = { messageId: message.id };
      await writeWithPreviewOrAlone(
        write,
        sealed(parties, removeWrite(scope, message, isLast, now), action),
        sealed(parties, removeWrite(scope, message, false, now), action),
        markerWrite(scope, message, now),
      );
      return 'deleted';
    },

    /** Adds (`on`) or takes back my reaction `emoji` to `message`, with the author's notice. */
    async react(
      parties: Parties,
      message: ConversationMessage,
      emoji: string,
      on: boolean,
    ): Promise<void> {
      // On a held message: drawn with it at once, written after it (or never: withdrawn, or
      // taken back meanwhile).
      const held = outbox.react(message.id, emoji, location.everyone(parties)[0], on);
      if (held !== null && !(await held)) return;
      const scope = scopeOf(parties);
      const changes = reactWrite(scope, message, emoji, on, serverTimestamp());
      const quoted = { sender: message.senderId, sealedText: message.sealedText };
      const sealedChanges = await sealed(parties, changes, { messageId: message.id, quoted });
      return writeIn(scope.conversationId, sealedChanges);
    },

    ...hiddenMessages(placements, location.kind),

    /**
     * Deletes for me a message my row shows as the last one: my own entry gets what the row
     * shows instead (`cover`: the newest message before it that I still see, or nothing) in the
     * same update, so every device of mine stops showing its words. Refused (no entry yet, the
     * message shown changed meanwhile), the hide goes alone: the message still leaves the chat.
     */
    hideLast(parties: Parties, messageId: string, cover: HiddenCover): Promise<void> {
      const { kind, conversationId, me } = scopeOf(parties);
      const place = { kind, conversationId, owner: me };
      const alone = hideChanges(place, messageId);
      const withCover = { ...alone, ...coverChanges(place, cover) };
      // Only words are sealed: a cover without any needs no key (nor the network for one).
      const words = cover.shown && !cover.shown.deleted && !cover.shown.image;
      const write = (changes: Record<string, unknown>) => writeIn(conversationId, changes);
      return writeWithPreviewOrAlone(write, words ? sealed(parties, withCover) : withCover, alone);
    },

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
