/**
 * AES-256-GCM envelopes: `v1.{iv}.{ciphertext+tag}` in base64url. The additional data binds a
 * ciphertext to where it belongs (conversation, message id, sender, key epoch), so a database
 * owner who moves or swaps ciphertexts gets a failed tag, not a message shown in the wrong place.
 */
import { fromBase64Url, fromUtf8, randomBytes, toBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export async function sealBytes(
  key: CryptoKey,
  plain: Uint8Array,
  context: string,
  iv: Uint8Array<ArrayBuffer> = randomBytes(IV_BYTES),
): Promise<string> {
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8(context) },
    key,
    plain as Uint8Array<ArrayBuffer>,
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(sealed)}`;
}

export async function openBytes(
  key: CryptoKey,
  envelope: string,
  context: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts = envelope.split('.');
  const [version, ivText, sealedText] = parts.length === 3 ? parts : ['', '', ''];
  const iv = fromBase64Url(ivText);
  const sealed = fromBase64Url(sealedText);
  if (version !== VERSION || !iv || iv.length !== IV_BYTES || !sealed) {
    throw new CryptoError('malformed', 'Not an encrypted envelope this app can read');
  }
  if (sealed.length < TAG_BYTES) throw new CryptoError('malformed', 'Ciphertext too short');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: utf8(context) },
      key,
      sealed,
    );
    return new Uint8Array(plain);
  } catch {
    throw new CryptoError('unauthentic', 'The ciphertext does not verify');
  }
}

export const sealText = (key: CryptoKey, text: string, context: string): Promise<string> =>
  sealBytes(key, utf8(text), context);

export async function openText(key: CryptoKey, envelope: string, context: string): Promise<string> {
  const bytes = await openBytes(key, envelope, context);
  try {
    return fromUtf8(bytes);
  } catch {
    throw new CryptoError('malformed', 'The plaintext is not text');
  }
}

/** A fresh random content key: usable by this device, its raw bytes kept only to wrap it. */
export async function createContentKey(): Promise<{
  raw: Uint8Array<ArrayBuffer>;
  key: CryptoKey;
}> {
  const raw = randomBytes(32);
  return { raw, key: await importContentKey(raw) };
}

/** The raw bytes of a content key as a non-extractable AES-GCM key. */
export async function importContentKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  if (raw.length !== 32) throw new CryptoError('bad-key', 'A content key is 32 bytes');
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}
