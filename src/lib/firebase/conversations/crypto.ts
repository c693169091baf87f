/**
 * End-to-end encryption of a conversation's content (docs/security/e2ee.md): the fields of a
 * root update that hold words or photos are sealed before the update is written
 * (seal-update.ts), and what the database returns is opened and checked before the app sees it:
 * a message's sealed fields (opening/message-words.ts), a delivery judged (opening/delivery.ts:
 * times, edits and deletions against what was sealed, clear text against what this device knows
 * of the conversation), an inbox entry's words (opening/entry-words.ts). Everything
 * else (ids, senders, times, counts, reactions' emoji) is stored as it is, so the rules keep
 * checking it. The keys come from the signed-in user's `EpochKeys`
 * (src/lib/crypto/epochs/epoch-keys.ts). A device without keys seals nothing: it sends clear text only
 * where no encrypted message was ever seen, and says why it sends nothing elsewhere.
 */
import type { ConversationKey } from '../../conversation-key';
import type { EpochKeys } from '../../crypto/epochs/epoch-keys';
import { NotOpened, openValueBytes } from '../../crypto/sealed-value';
import { libStrings } from '../../lib-strings';
import { makeSeenLedger, type SeenLedger } from './integrity/seen-ledger';
import { bytesDataUrl } from './image-data-url';
import { sealChunkValue, openChunkValue } from './files/file-chunk-seal';
import { sealUpdate, type SealOptions } from './seal-update';
import { makeEntryOpener } from './opening/entry-words';
import { makeDeliveryOpener } from './opening/delivery';
import { makeWordOpener } from './opening/message-words';

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
  const delivery = makeDeliveryOpener(keys, ledger, openWords, tombstoneHolds);
  const { openMessages, openOne } = delivery;

  return {
    /** What this device remembers of its conversations. */
    ledger,

    /** Whether photo `imageId` belongs to a sealed message (so only sealed bytes are its own). */
    photoIsSealed: delivery.photoIsSealed,

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
     * `lookup`, each is checked against the message it names (opening/entry-words.ts).
     */
    openEntry: makeEntryOpener({
      me,
      hasKeys: keys !== null,
      ledger,
      openText,
      seenLately: delivery.seenLately,
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
