/**
 * A device's identity: one P-256 key pair per browser profile, made by WebCrypto with a
 * non-extractable private key (IndexedDB stores the CryptoKey object itself; no script, ours
 * included, can read its bytes). Only the public half leaves the device, as base64url of the
 * uncompressed point (65 bytes, 87 characters).
 */
import { fromBase64Url, toBase64Url } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;

export async function createDeviceKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(CURVE, false, ['deriveBits']);
}

export async function exportPublicKey(key: CryptoKey): Promise<string> {
  return toBase64Url(await crypto.subtle.exportKey('raw', key));
}

/** A published public key; refuses anything that is not a point on the curve. */
export async function importPublicKey(text: string): Promise<CryptoKey> {
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 4) {
    throw new CryptoError('bad-key', 'Not a P-256 public key');
  }
  try {
    return await crypto.subtle.importKey('raw', bytes, CURVE, true, []);
  } catch {
    throw new CryptoError('bad-key', 'Not a point on P-256');
  }
}
