/**
 * End-to-end encryption of a conversation's content (docs/security/e2ee.md): the fields of a
 * root update that hold words or photos are sealed before the update is written, and what the
 * database returns is opened before the app sees it. Everything else (ids, senders, times,
 * counts, reactions' emoji) stays as it is, so the rules keep checking it. The keys come from
 * the signed-in user's `EpochKeys` (src/lib/crypto/epoch-keys.ts). Only a browser that keeps no
 * keys sends in clear text; a party with no device yet gets the key later (late-wraps.ts). Clear
 * text from before the switch is read as it is and shows 'Not encrypted'.
 */
import { parseConversationKey, type ConversationKey } from '../conversation-key';
import { fromBase64Url, toBase64Url } from '../crypto/crypto-bytes';
import type { EpochKeys } from '../crypto/epoch-keys';
import {
  isSealed,
  NotOpened,
  openValue,
  openValueBytes,
  parseSealed,
  sealValue,
  sealValueBytes,
  type FieldPlace,
} from '../crypto/sealed-value';
import { imagesPath } from './conversations-paths';
import type { ChatMessage } from './conversations-message';
import type { InboxEntry } from './inbox-entry';

export type KeysFor = (uid: string) => Promise<EpochKeys | null>;

import type { SealState } from '../crypto/seal-state';
export type { SealState };

const roots = (conversation: ConversationKey) => {
  const { kind, id } = parseConversationKey(conversation);
  return {
    id,
    messages: kind === 'group' ? 'groupMessages' : 'sendMessage',
    inbox: kind === 'group' ? 'groupInbox' : 'inbox',
    images: imagesPath(kind, id),
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DATA_URL = /^data:(image\/(?:webp|jpeg));base64,/;

/** A data URL's bytes, or null when it is not one of ours. */
function dataUrlBytes(url: string): Uint8Array | null {
  const match = DATA_URL.exec(url);
  if (!match) return null;
  const base64 = url.slice(match[0].length).replace(/\+/g, '-').replace(/\//g, '_');
  return fromBase64Url(base64.replace(/=+$/, ''));
}

/** Bytes of a webp ('RIFF') or jpeg (FF D8) image as a data URL, as the app shows images. */
function bytesDataUrl(bytes: Uint8Array): string | null {
  const type =
    bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46
      ? 'image/webp'
      : bytes[0] === 0xff && bytes[1] === 0xd8
        ? 'image/jpeg'
        : null;
  if (!type) return null;
  const base64 = toBase64Url(bytes).replace(/-/g, '+').replace(/_/g, '/');
  return `data:${type};base64,${base64}${'='.repeat((4 - (base64.length % 4)) % 4)}`;
}

export interface SealOptions {
  /** Every party of the conversation, me included: their devices receive my epoch key. */
  parties: readonly string[];
  /** An action on a stored message: its id (an edit's preview names it). */
  messageId?: string;
  /** A reaction's notice quotes the author's message: its sealed text names the author's epoch. */
  quoted?: { sender: string; sealedText?: string };
}

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
    /**
     * `changes` with every word and photo sealed under my epoch key of `conversation`.
     */
    async sealUpdate(
      conversation: ConversationKey,
      changes: Record<string, unknown>,
      options: SealOptions,
    ): Promise<Record<string, unknown>> {
      const { epoch, key } = await keys.sendingKey(conversation, options.parties);
      const at = roots(conversation);
      const sealedTexts = new Map<string, Promise<string>>();
      const seal = (messageId: string, field: 'text' | 'preview', text: string) => {
        const id = `${messageId}|${field}|${text}`;
        let value = sealedTexts.get(id);
        if (!value) {
          value = sealValue(key, epoch, { conversation, messageId, sender: me }, field, text);
          sealedTexts.set(id, value);
        }
        return value;
      };
      const out: Record<string, unknown> = {};
      const messagesAt = `${at.messages}/${at.id}/`;
      const imagesAt = `${at.images}/`;
      const inboxAt = new RegExp(`^${at.inbox}/[^/]+/${at.id}/(lastText|reaction)$`);
      await Promise.all(
        Object.entries(changes).map(async ([path, value]) => {
          out[path] = value;
          if (path.startsWith(messagesAt)) {
            const rest = path.slice(messagesAt.length).split('/');
            const messageId = rest[0] ?? '';
            if (rest.length === 1 && isRecord(value) && typeof value.message === 'string') {
              const text = await seal(messageId, 'text', value.message);
              out[path] = {
                ...value,
                message: text,
                ...(typeof value.caption === 'string' ? { caption: text } : {}),
              };
            } else if (rest.length === 2 && rest[1] === 'message' && typeof value === 'string') {
              out[path] = await seal(messageId, 'text', value);
            }
          } else if (path.startsWith(imagesAt) && isRecord(value)) {
            const imageId = path.slice(imagesAt.length);
            const place = { conversation, messageId: imageId, sender: me };
            const sealBytesOf = async (size: 'full' | 'thumb') => {
              const bytes = typeof value[size] === 'string' ? dataUrlBytes(value[size]) : null;
              if (!bytes) throw new Error('A photo to encrypt is not a webp or jpeg data URL');
              return sealValueBytes(key, epoch, place, size, bytes);
            };
            out[path] = {
              ...value,
              full: await sealBytesOf('full'),
              thumb: await sealBytesOf('thumb'),
            };
          } else {
            const match = inboxAt.exec(path);
            if (match?.[1] === 'lastText' && typeof value === 'string' && value !== '') {
              const entry = path.slice(0, -'/lastText'.length);
              const named = changes[`${entry}/lastMessageId`];
              const messageId = typeof named === 'string' ? named : options.messageId;
              if (!messageId) throw new Error('A preview names its message');
              out[path] = await seal(messageId, 'preview', value);
            } else if (match?.[1] === 'reaction' && isRecord(value) && value.text) {
              out[path] = { ...value, text: await sealQuote(value, options) };
            }
          }
        }),
      );
      return out;

      /** A reaction notice quotes the author's words: sealed under the author's epoch of them. */
      async function sealQuote(notice: Record<string, unknown>, options: SealOptions) {
        const sealedText = options.quoted?.sealedText;
        const parsed = sealedText ? parseSealed(sealedText) : null;
        if (!parsed || !options.quoted || typeof notice.messageId !== 'string') return '';
        const authorKey = await keys.readingKey(conversation, options.quoted.sender, parsed.epoch);
        if (!authorKey) return '';
        const place = { conversation, messageId: notice.messageId, sender: options.quoted.sender };
        return sealValue(authorKey, parsed.epoch, place, 'preview', String(notice.text));
      }
    },

    /** The message with its words opened (and `sealed` set); as it is when in clear text. */
    openMessage(conversation: ConversationKey, message: ChatMessage): Promise<ChatMessage> {
      if (!isSealed(message.message)) return Promise.resolve(message);
      const id = `${conversation}|${message.id}|${message.message}|${message.editedAt ?? ''}`;
      const known = opened.get(id);
      if (known) return known.then((open) => ({ ...message, ...pick(open) }));
      const value = openText(
        conversation,
        message.message,
        { messageId: message.id, sender: message.messagesenderId },
        'text',
      ).then(({ text, sealed }): ChatMessage => ({
        ...message,
        message: text,
        sealedText: message.message,
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
        message: '',
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
  message: message.message,
  sealed: message.sealed,
  sealedText: message.sealedText,
  ...(message.image ? { image: message.image } : {}),
});

export type ConversationCrypto = ReturnType<typeof makeConversationCrypto>;
