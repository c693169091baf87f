/**
 * End-to-end encryption of a conversation's content (docs/security/e2ee.md): the fields of a
 * root update that hold words or photos are sealed before the update is written
 * (seal-update.ts), and what the database returns is opened and checked before the app sees it
 * (integrity/message-verdict.ts): times, edits and deletions against what was sealed, clear text
 * against what this device knows of the conversation (integrity/seen-ledger.ts). Everything
 * else (ids, senders, times, counts, reactions' emoji) is stored as it is, so the rules keep
 * checking it. The keys come from the signed-in user's `EpochKeys`
 * (src/lib/crypto/epoch-keys.ts). A device without keys seals nothing: it sends clear text only
 * where no encrypted message was ever seen, and says why it sends nothing elsewhere.
 */
import type { ConversationKey } from '../../conversation-key';
import type { EpochKeys } from '../../crypto/epoch-keys';
import { readTimedText, type SealedField, type SealVersion } from '../../crypto/message-seal';
import {
  isSealed,
  NotOpened,
  openValue,
  openValueBytes,
  sealVersionOf,
  type FieldPlace,
} from '../../crypto/sealed-value';
import { libStrings } from '../../lib-strings';
import { bindingMeta } from './integrity/binding-meta';
import { judgeClear, judgeDeleted, judgeOpened } from './integrity/message-verdict';
import { makeSeenLedger, type SeenLedger } from './integrity/seen-ledger';
import { bytesDataUrl } from './image-data-url';
import { parseDescriptor } from './files/file-message';
import { sealChunkValue, openChunkValue } from './files/file-chunk-seal';
import type { ConversationMessage } from './message';
import { sealUpdate, type SealOptions } from './seal-update';
import type { InboxEntry } from '../inbox/shapes';
import { checkedEntry, saysWhatEntrySays, type MessageLookup } from './integrity/entry-check';
import type { SealState } from '../../crypto/seal-state';

export type { SealOptions };

/** Why a device has no keys: the browser keeps none, or they could not be set up (published). */
type KeylessReason = 'no-storage' | 'failed';

/** A send this device cannot encrypt, and so does not make: the message says why. */
class CannotEncrypt extends Error {
  constructor(readonly reason: KeylessReason) {
    super(libStrings.encryption[reason === 'failed' ? 'setUpFailed' : 'noStorage']);
    this.name = 'CannotEncrypt';
  }
}

export interface CryptoOptions {
  /** What this device remembers of its conversations; in memory only when not given. */
  ledger?: SeenLedger;
  /** With no keys (`keys` null): why. */
  keyless?: KeylessReason;
}

/** A sealed field opened: its words (and the times sealed with them, v2), or why not. */
interface Opening {
  state: SealState;
  text: string;
  version?: SealVersion;
  times?: number[];
}

/** The fields of an opened message that come from its words (kept as one object per seal). */
interface OpenedWords {
  fields: Pick<
    ConversationMessage,
    'text' | 'sealed' | 'sealedText' | 'sealVersion' | 'image' | 'file'
  >;
  times?: number[];
}

const TIMED: ReadonlySet<SealedField> = new Set(['text', 'edit', 'tombstone']);

export function makeConversationCrypto(
  me: string,
  keys: EpochKeys | null,
  options: CryptoOptions = {},
) {
  const ledger = options.ledger ?? makeSeenLedger();
  const words = new Map<string, Promise<OpenedWords>>();
  const proofs = new Map<string, Promise<boolean>>();
  const remember = <T>(cache: Map<string, Promise<T>>, id: string, value: Promise<T>) => {
    cache.set(id, value);
    if (cache.size > 20_000) cache.delete(cache.keys().next().value as string);
    // A network failure is not remembered: the next delivery tries again.
    value.catch(() => cache.delete(id));
    return value;
  };

  const keyOf = (conversation: ConversationKey, sender: string) => (epoch: string) =>
    keys ? keys.readingKey(conversation, sender, epoch) : Promise.resolve(null);

  /** One sealed field opened, or its state when it does not open. */
  async function openText(
    conversation: ConversationKey,
    value: string,
    at: Omit<FieldPlace, 'conversation'>,
    field: SealedField,
    meta = '',
  ): Promise<Opening> {
    if (!keys) return { state: 'no-key', text: '' };
    try {
      const place = { conversation, messageId: at.messageId, sender: at.sender };
      const text = await openValue(value, keyOf(conversation, at.sender), place, field, meta);
      const version = sealVersionOf(value);
      if (version === 1 || !TIMED.has(field)) return { state: 'open', text, version };
      const timed = readTimedText(text);
      return timed
        ? { state: 'open', text: timed.text, version, times: timed.times }
        : { state: 'failed', text: '' };
    } catch (error) {
      if (error instanceof NotOpened) return { state: error.reason, text: '' };
      throw error;
    }
  }

  /** A message's words opened, once per seal and everything it binds. */
  function openWords(
    conversation: ConversationKey,
    message: ConversationMessage,
  ): Promise<OpenedWords> {
    const field = message.editedAt === undefined ? 'text' : 'edit';
    const meta = bindingMeta(message);
    const sender = message.senderId;
    // Line breaks part it: only the sender (any string) may hold one, so no two differ alike.
    const id = `${conversation}\n${message.id}\n${sender}\n${field}\n${meta}\n${message.text}`;
    const known = words.get(id);
    if (known) return known;
    const value = openText(
      conversation,
      message.text,
      { messageId: message.id, sender },
      field,
      meta,
    ).then(({ state, text, version, times }): OpenedWords => {
      // Not given to this device yet: not remembered, an approval or a recovery key may bring it.
      if (state === 'no-key') words.delete(id);
      const fields: OpenedWords['fields'] = { text, sealed: state, sealedText: message.text };
      if (state === 'open' && version === 1) fields.sealVersion = 1;
      if (message.image) {
        fields.image = { ...message.image, caption: message.image.caption ? text : '' };
      }
      return times ? { fields, times } : { fields };
    });
    if (message.file) {
      // The descriptor opens beside the words; a file whose descriptor does not open shows as one.
      const file = message.file;
      const withFile = Promise.all([
        value,
        openText(conversation, file.stored, { messageId: message.id, sender }, 'file'),
      ]).then(([opened, descriptor]): OpenedWords => {
        const parsed = descriptor.state === 'open' ? parseDescriptor(descriptor.text) : null;
        const state = opened.fields.sealed === 'open' && !parsed ? 'failed' : opened.fields.sealed;
        return {
          ...opened,
          fields: { ...opened.fields, sealed: state, file: { ...file, descriptor: parsed } },
        };
      });
      return remember(words, id, withFile);
    }
    return remember(words, id, value);
  }

  /** Whether a deleted message's tombstone opens under its sender's key: their proof. */
  function tombstoneHolds(
    conversation: ConversationKey,
    message: ConversationMessage,
  ): Promise<boolean> {
    const { tombstone } = message;
    if (!keys || !isSealed(tombstone)) return Promise.resolve(false);
    const sender = message.senderId;
    const id = JSON.stringify([conversation, message.id, sender, tombstone]);
    const known = proofs.get(id);
    if (known) return known;
    const value = openText(
      conversation,
      tombstone,
      { messageId: message.id, sender },
      'tombstone',
    ).then(({ state, version }) => state === 'open' && version === 2);
    return remember(proofs, id, value);
  }

  let ledgerLoaded = false;
  void ledger.ready.then(() => (ledgerLoaded = true));
  const isSealedMessage = (m: ConversationMessage) => !m.deleted && isSealed(m.text);
  /** Photos of sealed messages: their bytes are sealed too, clear ones are someone else's. */
  const sealedPhotos = new Set<string>();
  const notePhoto = (conversation: ConversationKey, m: ConversationMessage) => {
    if (!m.image) return;
    sealedPhotos.add(`${conversation}|${m.image.id}`);
    if (sealedPhotos.size > 20_000)
      sealedPhotos.delete(sealedPhotos.values().next().value as string);
  };

  /**
   * What a delivery's message needs opened: its words, or a deleted one's proof (both started at
   * once, for the whole delivery); null for clear text.
   */
  const opening = (conversation: ConversationKey, m: ConversationMessage) =>
    isSealedMessage(m)
      ? openWords(conversation, m).catch(
          // A key that cannot be read now (offline): not remembered, the next delivery tries again.
          (): OpenedWords => ({ fields: { text: '', sealed: 'no-key' } }),
        )
      : m.deleted
        ? tombstoneHolds(conversation, m).catch(() => false)
        : Promise.resolve(null);

  type Opened = OpenedWords | boolean | null;

  /**
   * The conversation is encrypted from its earliest sealed message: the time sealed with its
   * words when they opened, else the server's. One that does not open (no key here yet, or
   * forged) counts too: clear text beside it is no more its people's than beside an open one.
   */
  function noteSealed(conversation: ConversationKey, m: ConversationMessage, opened: Opened) {
    if (!isSealedMessage(m) && m.tombstone === undefined) return;
    notePhoto(conversation, m);
    const times = typeof opened === 'object' ? opened?.times : undefined;
    const sent = times ? times[m.editedAt === undefined ? 0 : 1] : undefined;
    ledger.markEncrypted(conversation, sent ?? m.createdAt);
  }

  /** A message as shown: its words, and what the reader found wrong with it. */
  function judged(
    conversation: ConversationKey,
    m: ConversationMessage,
    opened: Opened,
  ): ConversationMessage {
    if (typeof opened === 'boolean') {
      const alert = judgeDeleted(ledger, conversation, m, opened || !keys);
      return alert ? { ...m, alert } : m;
    }
    if (opened) {
      const out = { ...m, ...opened.fields };
      if (opened.fields.sealed !== 'open') return out;
      const verdict = judgeOpened(ledger, conversation, m, opened.times);
      return verdict.alert ? { ...out, ...verdict } : out;
    }
    const alert = judgeClear(ledger, conversation, m);
    return alert ? { ...m, alert } : m;
  }

  /** The messages of one delivery, opened and judged, in their order. */
  async function openMessages(
    conversation: ConversationKey,
    messages: ConversationMessage[],
  ): Promise<ConversationMessage[]> {
    if (!ledgerLoaded) await ledger.ready;
    const opened = await Promise.all(messages.map((m) => opening(conversation, m)));
    // Every sealed one noted before any is judged: clear text is judged against them all.
    messages.forEach((m, i) => noteSealed(conversation, m, opened[i] ?? null));
    return messages.map((m, i) =>
      shownNow(conversation, judged(conversation, m, opened[i] ?? null)),
    );
  }

  /**
   * The messages opened lately, as shown, by conversation and id: an entry naming one (the chat
   * that is open, a message just sent) is checked against it without reading it again.
   */
  const lately = new Map<string, ConversationMessage>();
  const shownNow = (conversation: ConversationKey, m: ConversationMessage) => {
    const id = `${conversation}\n${m.id}`;
    lately.delete(id);
    lately.set(id, m);
    if (lately.size > 2_000) lately.delete(lately.keys().next().value as string);
    return m;
  };

  /** One message opened and judged (openMessages, without a delivery's arrays). */
  async function openOne(
    conversation: ConversationKey,
    m: ConversationMessage,
  ): Promise<ConversationMessage> {
    if (!ledgerLoaded) await ledger.ready;
    const opened = await opening(conversation, m);
    noteSealed(conversation, m, opened);
    return shownNow(conversation, judged(conversation, m, opened));
  }

  /**
   * The messages entries name and this device has not opened lately, as stored, read once per
   * state of the entry's words (a read that fails is remembered as none: the entry's own words
   * show until they change).
   */
  const named = new Map<string, Promise<ConversationMessage | null>>();

  return {
    /** What this device remembers of its conversations. */
    ledger,

    /** Whether photo `imageId` belongs to a sealed message (so only sealed bytes are its own). */
    photoIsSealed: (conversation: ConversationKey, imageId: string) =>
      sealedPhotos.has(`${conversation}|${imageId}`),

    /**
     * `changes` with every word and photo sealed under my epoch key of `conversation`. Without
     * keys: as they are where no encrypted message was seen, else refused (CannotEncrypt).
     */
    async sealUpdate(
      conversation: ConversationKey,
      changes: Record<string, unknown>,
      sealOptions: SealOptions,
    ): Promise<Record<string, unknown>> {
      if (!keys) {
        await ledger.ready;
        const reason = options.keyless ?? 'no-storage';
        if (reason === 'failed' || ledger.encryptedSince(conversation) !== undefined) {
          throw new CannotEncrypt(reason);
        }
        return changes;
      }
      const now = sealOptions.now ?? Date.now();
      const out = await sealUpdate(me, keys, conversation, changes, { ...sealOptions, now });
      // Sealed once, the conversation holds my epoch's wraps: the rules refuse clear text there.
      ledger.markEncrypted(conversation, now);
      return out;
    },

    openMessages,

    /** One message opened and judged (openMessages). */
    openMessage: openOne,

    /**
     * An entry's preview and reaction quote opened; a preview that does not open says why. With
     * `lookup`, each is checked against the message it names, and that message's own words are
     * shown when they differ (a preview or a quote is whatever its writer sealed).
     */
    async openEntry(
      conversation: ConversationKey,
      entry: InboxEntry,
      lookup?: MessageLookup,
    ): Promise<InboxEntry> {
      await ledger.ready;
      let out = entry;
      if (isSealed(entry.lastText)) {
        const { text, state } = await openText(
          conversation,
          entry.lastText,
          { messageId: entry.lastMessageId, sender: entry.lastSenderId },
          'preview',
        );
        out = { ...out, lastText: text, sealed: state };
      }
      if (entry.reaction && isSealed(entry.reaction.text)) {
        const { text } = await openText(
          conversation,
          entry.reaction.text,
          { messageId: entry.reaction.messageId, sender: me },
          'quote',
        );
        out = { ...out, reaction: { ...entry.reaction, text } };
      }
      const shown = entry.cover?.shown;
      if (entry.cover && shown && isSealed(shown.text)) {
        // Sealed by me (seal-update.ts), whoever sent the message it shows.
        const { text, state } = await openText(
          conversation,
          shown.text,
          { messageId: shown.messageId, sender: me },
          'preview',
        );
        out = { ...out, cover: { ...entry.cover, shown: { ...shown, text, sealed: state } } };
      }
      const encrypted =
        isSealed(entry.lastText) || ledger.encryptedSince(conversation) !== undefined;
      if (!lookup || !keys || !encrypted) return out;
      const { reaction, cover } = entry;
      const state = JSON.stringify([
        conversation,
        [entry.lastMessageId, entry.lastText, entry.lastKind],
        [reaction?.messageId, reaction?.text],
        [cover?.shown?.messageId, cover?.shown?.text],
      ]);
      const read = (messageId: string) => {
        const id = `${state}\n${messageId}`;
        return (
          named.get(id) ??
          remember(
            named,
            id,
            lookup(messageId).catch(() => null),
          )
        );
      };
      // Opened anew each time (its words are remembered once they open): keys may have arrived.
      return checkedEntry(out, (messageId) => {
        const seen = lately.get(`${conversation}\n${messageId}`);
        // A last message shown saying otherwise may be from before the entry's update (an edit
        // opened after it): the stored one, of the same update, is read instead.
        const current = messageId !== entry.lastMessageId || (seen && saysWhatEntrySays(out, seen));
        return seen && seen.sealed !== 'no-key' && current
          ? Promise.resolve(seen)
          : read(messageId).then((m) => m && openOne(conversation, m));
      });
    },

    /**
     * One chunk of a file of mine sealed under my epoch key of `conversation` (file-chunk-seal.ts);
     * without keys, clear base64url where no encrypted message was seen, else refused.
     */
    async sealChunk(
      conversation: ConversationKey,
      parties: readonly string[],
      fileId: string,
      index: number,
      bytes: Uint8Array,
    ): Promise<string> {
      if (!keys) {
        await ledger.ready;
        const reason = options.keyless ?? 'no-storage';
        if (reason === 'failed' || ledger.encryptedSince(conversation) !== undefined) {
          throw new CannotEncrypt(reason);
        }
        return sealChunkValue(null, { conversation, fileId, sender: me, index }, bytes);
      }
      const { epoch, key } = await keys.sendingKey(conversation, parties);
      ledger.markEncrypted(conversation, Date.now());
      const sealing = { epoch, key };
      return sealChunkValue(sealing, { conversation, fileId, sender: me, index }, bytes);
    },

    /**
     * A stored chunk's bytes, or null when it does not open (no key, moved, changed) or is clear
     * where the file's message is sealed (`sealed`).
     */
    openChunk(
      conversation: ConversationKey,
      sender: string,
      fileId: string,
      index: number,
      value: unknown,
      sealed: boolean,
    ): Promise<Uint8Array | null> {
      const place = { conversation, fileId, sender, index };
      return openChunkValue(keys ? keyOf(conversation, sender) : null, place, value, sealed);
    },

    /** A photo's bytes as a data URL, or null when it does not open. */
    async openImage(
      conversation: ConversationKey,
      sender: string,
      imageId: string,
      size: 'full' | 'thumb',
      value: string,
    ): Promise<string | null> {
      if (!keys) return null;
      try {
        const bytes = await openValueBytes(
          value,
          keyOf(conversation, sender),
          { conversation, messageId: imageId, sender },
          size,
        );
        return bytesDataUrl(bytes);
      } catch (error) {
        if (error instanceof NotOpened) return null;
        throw error;
      }
    },
  };
}

export type ConversationCrypto = ReturnType<typeof makeConversationCrypto>;
