/**
 * A sealed field as the database stores it: `s2.{epochId}.{envelope}` (docs/security/e2ee.md,
 * "Data"), or `s1.` for one sealed before the associated data named everything a message shows
 * (message-seal.ts, v1 and v2). It names the sender's epoch key that opens it, so every sealed
 * field (a message's text, a preview, a reaction notice's quote, a photo) is read the same way,
 * and the rules tell a sealed value from clear text by its form. A value without the prefix is
 * clear text.
 */
import type { ConversationKey } from '../conversation-key';
import { CryptoError } from './crypto-errors';
import {
  openField,
  openFieldBytes,
  sealField,
  sealFieldBytes,
  type MessagePlace,
  type SealedField,
  type SealVersion,
} from './message-seal';

/** Every new message seal is v2; `s1.` values (v1) are read, never written for messages. */
const SEALED_PREFIX = 's2.';
/** The form of v1, which drafts keep: their additional data is their own (drafts-seal.ts). */
export const SEALED_V1_PREFIX = 's1.';

const EPOCH = /^[A-Za-z0-9_-]{20}$/;

/** The whole form (rules/encryption-sealed.ts checks the same): clear text that starts alike is not. */
const FORM = /^s[12][.][A-Za-z0-9_-]{20}[.]v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]+$/;

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && FORM.test(value);

/** The format, the epoch a sealed value names, and its envelope; null when it is not one. */
export function parseSealed(
  value: string,
): { version: SealVersion; epoch: string; envelope: string } | null {
  if (!isSealed(value)) return null;
  const version = sealVersionOf(value);
  const epoch = value.slice(3, 23);
  const rest = value.slice(23);
  if (!EPOCH.test(epoch) || !rest.startsWith('.')) return null;
  return { version, epoch, envelope: rest.slice(1) };
}

/** Where a field belongs: the conversation, its message and that message's sender. */
export interface FieldPlace {
  conversation: ConversationKey;
  messageId: string;
  sender: string;
}

const place = (at: FieldPlace, epoch: string): MessagePlace => ({ ...at, epoch });

/** `text` sealed in format v2; `meta`: what else of the message it binds (message-seal.ts). */
export async function sealValue(
  key: CryptoKey,
  epoch: string,
  at: FieldPlace,
  field: SealedField,
  text: string,
  meta = '',
): Promise<string> {
  return `${SEALED_PREFIX}${epoch}.${await sealField(key, place(at, epoch), field, text, meta)}`;
}

export async function sealValueBytes(
  key: CryptoKey,
  epoch: string,
  at: FieldPlace,
  field: SealedField,
  bytes: Uint8Array,
): Promise<string> {
  return `${SEALED_PREFIX}${epoch}.${await sealFieldBytes(key, place(at, epoch), field, bytes)}`;
}

/** `keyOf(epoch)`: the sender's epoch key, or null when this device was never given it. */
type KeyOf = (epoch: string) => Promise<CryptoKey | null>;

/** Why a sealed value is not shown: no key on this device yet, or it does not verify. */
export class NotOpened extends Error {
  constructor(readonly reason: 'no-key' | 'failed') {
    super(reason === 'no-key' ? 'Encrypted on another device' : 'Could not be decrypted');
    this.name = 'NotOpened';
  }
}

async function opening<T>(
  value: string,
  keyOf: KeyOf,
  open: (key: CryptoKey, envelope: string, epoch: string, version: SealVersion) => Promise<T>,
): Promise<T> {
  const parsed = parseSealed(value);
  if (!parsed) throw new NotOpened('failed');
  let key: CryptoKey | null;
  try {
    key = await keyOf(parsed.epoch);
  } catch (error) {
    // A forged wrap is a failure; a network error is not the message's fault: let it surface.
    if (error instanceof CryptoError) throw new NotOpened('failed');
    throw error;
  }
  if (!key) throw new NotOpened('no-key');
  try {
    return await open(key, parsed.envelope, parsed.epoch, parsed.version);
  } catch (error) {
    if (error instanceof CryptoError) throw new NotOpened('failed');
    throw error;
  }
}

/** The format of a sealed value (`isSealed`): v1 for `s1.`, else v2. */
export const sealVersionOf = (value: string): SealVersion => (value[1] === '1' ? 1 : 2);

/** The words of a sealed value; `meta` is checked in v2 only (v1 bound none). */
export const openValue = (
  value: string,
  keyOf: KeyOf,
  at: FieldPlace,
  field: SealedField,
  meta = '',
): Promise<string> =>
  opening(value, keyOf, (key, envelope, epoch, version) =>
    openField(key, place(at, epoch), field, envelope, meta, version),
  );

export const openValueBytes = (value: string, keyOf: KeyOf, at: FieldPlace, field: SealedField) =>
  opening(value, keyOf, (key, envelope, epoch, version) =>
    openFieldBytes(key, place(at, epoch), field, envelope, version),
  );
