/**
 * The 60-digit security code two friends compare (Signal's numeric fingerprint, adapted to several
 * devices per person): 30 digits per person from 5,200 rounds of SHA-512 over a version, their uid
 * and every device public key they have, the lower uid's half first so both sides show the same
 * code. A new or removed device changes that person's half.
 */
import { concatBytes, fromBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const VERSION = utf8('chatty/safety/v1');
const ROUNDS = 5200;

async function personDigits(uid: string, publicKeys: readonly string[]): Promise<string> {
  const keys = [...publicKeys].sort().map((text) => {
    const bytes = fromBase64Url(text);
    if (!bytes) throw new CryptoError('bad-key', 'A device key is not base64url');
    return bytes;
  });
  const input = concatBytes(VERSION, new Uint8Array([0]), utf8(uid), new Uint8Array([0]), ...keys);
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
  publicKeys: readonly string[];
}

/** Sixty digits, the same whichever side computes it. */
export async function safetyCode(a: SafetyParty, b: SafetyParty): Promise<string> {
  const [first, second] = a.uid < b.uid ? [a, b] : [b, a];
  const halves = await Promise.all([
    personDigits(first.uid, first.publicKeys),
    personDigits(second.uid, second.publicKeys),
  ]);
  return halves.join('');
}

/** `12345 67890 …`: twelve groups of five, as both screens show it. */
export const groupSafetyCode = (code: string): string[] => code.match(/\d{5}/g) ?? [];
