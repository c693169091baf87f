/**
 * The sealing half of a conversation's encryption (crypto.ts): which paths of a
 * root update hold words or photos, and those sealed under my epoch key; every other path is
 * written as it is, so the rules keep checking it. A message's words are sealed with the time
 * and with what else it shows (v2, src/lib/crypto/message-seal.ts), an edit under its own
 * field, and a delete for everyone gets its tombstone, the sender's proof that it was theirs.
 */
import { parseConversationKey, type ConversationKey } from '../../conversation-key';
import type { EpochKeys } from '../../crypto/epochs/epoch-keys';
import { timedText } from '../../crypto/message-seal';
import { parseSealed, sealValue, sealValueBytes } from '../../crypto/sealed-value';
import { bindingMetaOfRecord } from './integrity/binding-meta';
import { dataUrlBytes } from './image-data-url';
import { imagesPath } from './paths';

/** Where a conversation's messages, inbox entries and photos sit in a root update. */
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

export interface SealOptions {
  /** Every party of the conversation, me included: their devices receive my epoch key. */
  parties: readonly string[];
  /** An action on a stored message: its id (an edit's preview names it). */
  messageId?: string;
  /** An edit: what the edited message shows beyond its words (binding-meta.ts). */
  meta?: string;
  /** An edit: when its message was sent (server time, as this device has it). */
  sentAt?: number;
  /** My estimate of the server's clock (ms), sealed with words, edits and tombstones. */
  now?: number;
  /** A reaction's notice quotes the author's message: its sealed text names the author's epoch. */
  quoted?: { sender: string; sealedText?: string };
}

/** `changes` with every word and photo sealed under my epoch key of `conversation`. */
export async function sealUpdate(
  me: string,
  keys: EpochKeys,
  conversation: ConversationKey,
  changes: Record<string, unknown>,
  options: SealOptions,
): Promise<Record<string, unknown>> {
  const { epoch, key } = await keys.sendingKey(conversation, options.parties);
  const at = roots(conversation);
  const now = options.now ?? Date.now();
  const sealedTexts = new Map<string, Promise<string>>();
  /** A preview (the same one for every party's entry: sealed once). */
  const seal = (messageId: string, field: 'preview', text: string) => {
    const id = `${messageId}|${field}|${text}`;
    let value = sealedTexts.get(id);
    if (!value) {
      value = sealValue(key, epoch, { conversation, messageId, sender: me }, field, text);
      sealedTexts.set(id, value);
    }
    return value;
  };
  /** A message's words (`text`, `edit`) or a tombstone: with the time, and the message's meta. */
  const sealTimed = (
    messageId: string,
    field: 'text' | 'edit' | 'tombstone',
    text: string,
    meta: string,
  ) => {
    const times = field === 'edit' ? [now, options.sentAt ?? now] : [now];
    const place = { conversation, messageId, sender: me };
    return sealValue(key, epoch, place, field, timedText(times, text), meta);
  };
  const out: Record<string, unknown> = {};
  const messagesAt = `${at.messages}/${at.id}/`;
  const imagesAt = `${at.images}/`;
  const inboxAt = new RegExp(`^${at.inbox}/[^/]+/${at.id}/(lastText|reaction|cover)$`);
  await Promise.all(
    Object.entries(changes).map(async ([path, value]) => {
      out[path] = value;
      if (path.startsWith(messagesAt)) {
        const rest = path.slice(messagesAt.length).split('/');
        const messageId = rest[0] ?? '';
        if (rest.length === 1 && isRecord(value) && typeof value.message === 'string') {
          const text = await sealTimed(
            messageId,
            'text',
            value.message,
            bindingMetaOfRecord(value),
          );
          // A file's descriptor (its name, type and size) under its own field.
          const file =
            typeof value.file === 'string'
              ? await sealValue(
                  key,
                  epoch,
                  { conversation, messageId, sender: me },
                  'file',
                  value.file,
                )
              : undefined;
          out[path] = {
            ...value,
            message: text,
            ...(typeof value.caption === 'string' ? { caption: text } : {}),
            ...(file === undefined ? {} : { file }),
          };
        } else if (rest.length === 2 && rest[1] === 'message' && typeof value === 'string') {
          if (options.meta === undefined) throw new Error('An edit names what its message shows');
          out[path] = await sealTimed(messageId, 'edit', value, options.meta);
        } else if (rest.length === 2 && rest[1] === 'deleted' && value === true) {
          out[`${messagesAt}${messageId}/tombstone`] = await sealTimed(
            messageId,
            'tombstone',
            '',
            '',
          );
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
        } else if (match?.[1] === 'cover' && isRecord(value) && typeof value.text === 'string') {
          // My own row's preview of an earlier message, read only by me: sealed as mine.
          if (typeof value.messageId !== 'string') throw new Error('A cover names its message');
          const text = value.text && (await seal(value.messageId, 'preview', value.text));
          out[path] = { ...value, text };
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
    return sealValue(authorKey, parsed.epoch, place, 'quote', String(notice.text));
  }
}
