/**
 * A message's encrypted fields: each sealed under its sender's epoch key with additional data that
 * names where it belongs, so no ciphertext can be moved to another message, sender or field
 * without failing its tag (docs/security/e2ee.md, "Associated data").
 *
 * Two formats of that additional data exist. v1 (messages stored before it changed) names the
 * conversation, the message id, the sender, the epoch and the field. v2 (every new seal) names the
 * same and `meta`: everything else the app shows of the message (its kind and photo size, the
 * message it replies to, the forward mark, the mentions), so the database cannot change any of it
 * without the words failing to open. The two can never be confused: each starts with its own tag.
 */
import type { ConversationKey } from '../conversation-key';
import { CryptoError } from './crypto-errors';
import { openBytes, openText, sealBytes, sealText } from './sealed-box';

/**
 * `text`: a message's words as sent; `edit`: as edited (its own field, so an edit put back in the
 * place of the original, or the original in the place of an edit, fails); `preview`: an inbox
 * row's words; `quote`: a reaction notice's words of the message reacted to; `full`, `thumb`: a
 * photo's bytes; `tombstone`: the sender's proof of a delete for everyone; `file`: a file or
 * voice message's descriptor (name, type, size); `chunk`: one chunk of its bytes.
 */
export type SealedField =
  'text' | 'edit' | 'preview' | 'quote' | 'full' | 'thumb' | 'tombstone' | 'file' | 'chunk';

/** The format of the additional data (above). */
export type SealVersion = 1 | 2;

export interface MessagePlace {
  conversation: ConversationKey;
  messageId: string;
  sender: string;
  epoch: string;
}

/** v1 had fewer fields: an edit was sealed as the text, a quote as a preview; no tombstones. */
const V1_FIELDS: Partial<Record<SealedField, string>> = {
  text: 'text',
  edit: 'text',
  preview: 'preview',
  quote: 'preview',
  full: 'full',
  thumb: 'thumb',
};

/** The additional data of a field in format `version`; null when that format has no such field. */
export function messageContext(
  version: SealVersion,
  place: MessagePlace,
  field: SealedField,
  meta = '',
): string | null {
  const { conversation, messageId, sender, epoch } = place;
  if (version === 2) {
    // JSON: no id, uid or meta can run into the next part, whatever characters it holds.
    return `chatty/msg/v2${JSON.stringify([conversation, messageId, sender, epoch, field, meta])}`;
  }
  const old = V1_FIELDS[field];
  return old ? `chatty/msg|${conversation}|${messageId}|${sender}|${epoch}|${old}` : null;
}

const contextOr = (version: SealVersion, place: MessagePlace, field: SealedField, meta: string) => {
  const context = messageContext(version, place, field, meta);
  // A v1 tombstone cannot exist: one that claims to be is refused like a bad tag.
  if (context === null) throw new CryptoError('malformed', `A v${version} seal has no ${field}`);
  return context;
};

export const sealField = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  text: string,
  meta = '',
) => sealText(key, text, contextOr(2, place, field, meta));

export const openField = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  envelope: string,
  meta = '',
  version: SealVersion = 2,
) => openText(key, envelope, contextOr(version, place, field, meta));

export const sealFieldBytes = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  bytes: Uint8Array,
) => sealBytes(key, bytes, contextOr(2, place, field, ''));

export const openFieldBytes = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  envelope: string,
  version: SealVersion = 2,
) => openBytes(key, envelope, contextOr(version, place, field, ''));

/**
 * The words of a v2 `text`, `edit` or `tombstone` with the times they were sealed at (the
 * sender's estimate of the server's clock, in ms): `{times}|{words}`, the times comma-separated
 * (a text: when sent; an edit: when edited, then when the message was sent; a tombstone: when
 * deleted). Sealed with the words, so the database cannot re-date a message or pass an older edit
 * for a newer one unnoticed.
 */
export const timedText = (times: readonly number[], text: string) =>
  `${times.map((t) => Math.round(t)).join(',')}|${text}`;

/** `timedText` read back; null when it is not one (then the message is shown as not opened). */
export function readTimedText(plain: string): { times: number[]; text: string } | null {
  const bar = plain.indexOf('|');
  const head = bar > 0 ? plain.slice(0, bar) : '';
  if (!/^\d{1,15}(,\d{1,15})*$/.test(head)) return null;
  return { times: head.split(',').map(Number), text: plain.slice(bar + 1) };
}
