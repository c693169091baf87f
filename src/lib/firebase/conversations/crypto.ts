/**
 * End-to-end encryption of a conversation's content (docs/security/e2ee.md): the fields of a
 * root update that hold words or photos are sealed before the update is written
 * (seal-update.ts), and what the database returns is opened before the app sees it. Everything else (ids, senders, times,
 * counts, reactions' emoji) stays as it is, so the rules keep checking it. The keys come from
 * the signed-in user's `EpochKeys` (src/lib/crypto/epoch-keys.ts). Only a browser that keeps no
 * keys sends in clear text; a party with no device yet gets the key later (late-wraps.ts). Clear
 * text from before the switch is read as it is and shows 'Not encrypted'.
 */
import type { ConversationKey } from '../../conversation-key';
import type { EpochKeys } from '../../crypto/epoch-keys';
import {
  isSealed,
  NotOpened,
  openValue,
  openValueBytes,
  type FieldPlace,
} from '../../crypto/sealed-value';
import { bytesDataUrl } from './image-data-url';
import type { ChatMessage } from './message';
import { sealUpdate, type SealOptions } from './seal-update';
import type { InboxEntry } from '../inbox/shapes';

export type { SealOptions };

import type { SealState } from '../../crypto/seal-state';
export type { SealState };

export function makeConversationCrypto(me: string, keys: EpochKeys) {
  const opened = new Map<string, Promise<ChatMessage>>();
  const remember = <T>(cache: Map<string, Promise<T>>, id: string, value: Promise<T>) => {
    cache.set(id, value);
    if (cache.size > 20_000) cache.delete(cache.keys().next().value as string);
    // A network failure is not remembered: the next delivery tries again.
    value.catch(() => cache.delete(id));
    return value;
  };

  const keyOf = (conversation: ConversationKey, sender: string) => (epoch: string) =>
    keys.readingKey(conversation, sender, epoch);

  /** The text of one sealed field, or its state when it does not open. */
  async function openText(
    conversation: ConversationKey,
    value: string,
    at: Omit<FieldPlace, 'conversation'>,
    field: 'text' | 'preview',
  ): Promise<{ text: string; sealed: SealState }> {
    try {
      const text = await openValue(
        value,
        keyOf(conversation, at.sender),
        { conversation, ...at },
        field,
      );
      return { text, sealed: 'open' };
    } catch (error) {
      if (error instanceof NotOpened) return { text: '', sealed: error.reason };
      throw error;
    }
  }

  return {
    /** `changes` with every word and photo sealed under my epoch key of `conversation`. */
    sealUpdate: (
      conversation: ConversationKey,
      changes: Record<string, unknown>,
      options: SealOptions,
    ): Promise<Record<string, unknown>> => sealUpdate(me, keys, conversation, changes, options),

    /** The message with its words opened (and `sealed` set); as it is when in clear text. */
    openMessage(conversation: ConversationKey, message: ChatMessage): Promise<ChatMessage> {
      if (!isSealed(message.text)) return Promise.resolve(message);
      const id = `${conversation}|${message.id}|${message.text}|${message.editedAt ?? ''}`;
      const known = opened.get(id);
      if (known) return known.then((open) => ({ ...message, ...pick(open) }));
      const value = openText(
        conversation,
        message.text,
        { messageId: message.id, sender: message.senderId },
        'text',
      ).then(({ text, sealed }): ChatMessage => ({
        ...message,
        text: text,
        sealedText: message.text,
        sealed,
        ...(message.image
          ? { image: { ...message.image, caption: message.image.caption ? text : '' } }
          : {}),
      }));
      // Not given to this device yet: not remembered, an approval or a recovery key may bring it.
      void value.then(
        (open) => open.sealed === 'no-key' && opened.delete(id),
        () => undefined,
      );
      // A key that cannot be read now (offline) is not remembered: the next delivery tries again.
      return remember(opened, id, value).catch((): ChatMessage => ({
        ...message,
        text: '',
        sealed: 'no-key',
      }));
    },

    /** An entry's preview and reaction quote opened; a preview that does not open says why. */
    async openEntry(conversation: ConversationKey, entry: InboxEntry): Promise<InboxEntry> {
      let out = entry;
      if (isSealed(entry.lastText)) {
        const { text, sealed } = await openText(
          conversation,
          entry.lastText,
          { messageId: entry.lastMessageId, sender: entry.lastSenderId },
          'preview',
        );
        out = { ...out, lastText: text, sealed };
      }
      if (entry.reaction && isSealed(entry.reaction.text)) {
        const { text } = await openText(
          conversation,
          entry.reaction.text,
          { messageId: entry.reaction.messageId, sender: me },
          'preview',
        );
        out = { ...out, reaction: { ...entry.reaction, text } };
      }
      const shown = entry.cover?.shown;
      if (entry.cover && shown && isSealed(shown.text)) {
        // Sealed by me (seal-update.ts), whoever sent the message it shows.
        const { text, sealed } = await openText(
          conversation,
          shown.text,
          { messageId: shown.messageId, sender: me },
          'preview',
        );
        out = { ...out, cover: { ...entry.cover, shown: { ...shown, text, sealed } } };
      }
      return out;
    },

    /** A photo's bytes as a data URL, or null when it does not open. */
    async openImage(
      conversation: ConversationKey,
      sender: string,
      imageId: string,
      size: 'full' | 'thumb',
      value: string,
    ): Promise<string | null> {
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

const pick = (message: ChatMessage) => ({
  text: message.text,
  sealed: message.sealed,
  sealedText: message.sealedText,
  ...(message.image ? { image: message.image } : {}),
});

export type ConversationCrypto = ReturnType<typeof makeConversationCrypto>;
