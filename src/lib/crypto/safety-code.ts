/**
 * The 60-digit security code two people compare (Signal's numeric fingerprint): 30 digits per
 * person from 5,200 rounds of SHA-512 over a version, their uid and their identity key
 * (identity-key.ts), the lower uid's half first so both sides show the same code. A person's half
 * changes only when their identity key does, never when they add or remove a device: each device
 * is vouched for by the identity key's signature instead.
 */
import { concatBytes, fromBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const VERSION = utf8('chatty/safety/v2');
const ROUNDS = 5200;

async function personDigits(uid: string, identityKey: string): Promise<string> {
  const key = fromBase64Url(identityKey);
  if (!key) throw new CryptoError('bad-key', 'An identity key is not base64url');
  const input = concatBytes(VERSION, new Uint8Array([0]), utf8(uid), new Uint8Array([0]), key);
  let hash = new Uint8Array(await crypto.subtle.digest('SHA-512', input));
  for (let round = 0; round < ROUNDS; round += 1) {
    hash = new Uint8Array(await crypto.subtle.digest('SHA-512', concatBytes(hash, input)));
  }
  let digits = '';
  for (let chunk = 0; chunk < 6; chunk += 1) {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 256 + (hash[chunk * 5 + i] ?? 0);
    digits += String(value % 100000).padStart(5, '0');
  }
  return digits;
}

export interface SafetyParty {
  uid: string;
  /** Their identity key's public half, as published (87 base64url characters). */
  identityKey: string;
}

/** Sixty digits, the same whichever side computes it. */
export async function safetyCode(a: SafetyParty, b: SafetyParty): Promise<string> {
  const [first, second] = a.uid < b.uid ? [a, b] : [b, a];
  const halves = await Promise.all([
    personDigits(first.uid, first.identityKey),
    personDigits(second.uid, second.identityKey),
  ]);
  return halves.join('');
}

/** `12345 67890 …`: twelve groups of five, as both screens show it. */
export const groupSafetyCode = (code: string): string[] => code.match(/\d{5}/g) ?? [];
