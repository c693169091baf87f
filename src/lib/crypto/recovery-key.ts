/**
 * The recovery key: 32 random bytes and a 3-byte checksum in Crockford base32, 56 characters shown
 * in groups of four. It is made once, shown once, and never stored by the app; from it HKDF derives
 * the key that wraps the account's key backup. The checksum turns a typo into 'not right' instead
 * of a silent wrong key; Crockford's alphabet forgives O/0 and I/L/1 mix-ups and case.
 */
import { concatBytes, randomBytes, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_BYTES = 32;
const CHECK_BYTES = 3;

async function checksum(key: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', key)).subarray(0, CHECK_BYTES);
}

function encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

function decode(text: string): Uint8Array<ArrayBuffer> | null {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >> (bits - 8)) & 255);
      bits -= 8;
      buffer &= (1 << bits) - 1;
    }
  }
  return new Uint8Array(bytes);
}

/** `ABCD EFGH …` for the screen. */
export const formatRecoveryKey = (text: string): string => text.match(/.{1,4}/g)?.join(' ') ?? '';

/** The 56-character text of a key's bytes (the checksum appended). */
export async function recoveryKeyText(raw: Uint8Array<ArrayBuffer>): Promise<string> {
  if (raw.length !== KEY_BYTES) throw new CryptoError('bad-key', 'A recovery key is 32 bytes');
  return encode(concatBytes(raw, await checksum(raw)));
}

export async function createRecoveryKey(): Promise<{ text: string; raw: Uint8Array<ArrayBuffer> }> {
  const raw = randomBytes(KEY_BYTES);
  return { raw, text: await recoveryKeyText(raw) };
}

/** The key's bytes from what a person typed, or a CryptoError('bad-key') naming no detail. */
export async function parseRecoveryKey(typed: string): Promise<Uint8Array<ArrayBuffer>> {
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const bytes = text.length === 56 ? decode(text) : null;
  if (!bytes || bytes.length !== KEY_BYTES + CHECK_BYTES) {
    throw new CryptoError('bad-key', 'A recovery key has 56 letters and digits');
  }
  const raw = bytes.slice(0, KEY_BYTES);
  const check = await checksum(raw);
  if (check.some((byte, i) => byte !== bytes[KEY_BYTES + i])) {
    throw new CryptoError('bad-key', 'The recovery key does not check out');
  }
  return raw;
}

/** The AES-GCM key that wraps this account's key backup; `uid` keeps two accounts' apart. */
export async function backupKeyFrom(raw: Uint8Array<ArrayBuffer>, uid: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8('chatty/recovery/v1'), info: utf8(uid) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}
