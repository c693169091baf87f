/**
 * A message's encrypted fields: each sealed under its sender's epoch key with additional data that
 * names its conversation, id, sender, epoch and field, so no ciphertext can be moved to another
 * message, sender or field without failing its tag.
 */
import type { ConversationKey } from '../conversation-key';
import { openBytes, openText, sealBytes, sealText } from './sealed-box';

export type SealedField = 'text' | 'preview' | 'full' | 'thumb' | `edit@${number}`;

export interface MessagePlace {
  conversation: ConversationKey;
  messageId: string;
  sender: string;
  epoch: string;
}

const messageContext = (place: MessagePlace, field: SealedField) =>
  `chatty/msg|${place.conversation}|${place.messageId}|${place.sender}|${place.epoch}|${field}`;

export const sealField = (key: CryptoKey, place: MessagePlace, field: SealedField, text: string) =>
  sealText(key, text, messageContext(place, field));

export const openField = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  envelope: string,
) => openText(key, envelope, messageContext(place, field));

export const sealFieldBytes = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  bytes: Uint8Array,
) => sealBytes(key, bytes, messageContext(place, field));

export const openFieldBytes = (
  key: CryptoKey,
  place: MessagePlace,
  field: SealedField,
  envelope: string,
) => openBytes(key, envelope, messageContext(place, field));
