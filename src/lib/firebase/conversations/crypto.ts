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
import { isSealed, NotOpened, openValueBytes } from '../../crypto/sealed-value';
import { libStrings } from '../../lib-strings';
import { judgeClear, judgeDeleted, judgeOpened } from './integrity/message-verdict';
import { makeSeenLedger, type SeenLedger } from './integrity/seen-ledger';
import { bytesDataUrl } from './image-data-url';
import { sealChunkValue, openChunkValue } from './files/file-chunk-seal';
import type { ConversationMessage } from './message';
import { sealUpdate, type SealOptions } from './seal-update';
import { makeEntryOpener } from './crypto-entry';
import { makeWordOpener, type OpenedWords } from './crypto-words';

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

export function makeConversationCrypto(
  me: string,
  keys: EpochKeys | null,
  options: CryptoOptions = {},
) {
  const ledger = options.ledger ?? makeSeenLedger();
  const { keyOf, openText, openWords, tombstoneHolds } = makeWordOpener(keys);

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
     * `lookup`, each is checked against the message it names (crypto-entry.ts).
     */
    openEntry: makeEntryOpener({
      me,
      hasKeys: keys !== null,
      ledger,
      openText,
      seenLately: (conversation, messageId) => lately.get(`${conversation}\n${messageId}`),
      openMessage: openOne,
    }),

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
