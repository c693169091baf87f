/**
 * A person's identity key (docs/security/e2ee.md, "One identity per person" and "Master and
 * device-signing keys"): one ECDSA P-256 pair per account, its master key, which friends pin and
 * the security code is made of. It certifies the account's device-signing key (signing-key.ts),
 * which signs each device entry; in an account from before device-signing keys it signs them
 * itself. A sender wraps keys only for devices whose signature verifies through the identity key
 * it pinned for that person (device-trust.ts). The public half is published as base64url of the
 * uncompressed point (65 bytes, 87 characters), like a device key. Making one and signing with it
 * are in signing/identity-secret.ts: the first screen only checks.
 */
import { fromBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const CURVE = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;

export interface AccountIdentity {
  /** Non-extractable: this device signs with it and no script can read it. */
  privateKey: CryptoKey;
  publicKey: string;
}

/** What a device signature vouches for: this device, with this key, belongs to this account. */
export interface SignedDevice {
  deviceId: string;
  publicKey: string;
}

export const deviceStatement = (uid: string, device: SignedDevice) =>
  utf8(`chatty/device/v1|${uid}|${device.deviceId}|${device.publicKey}`);

/** A published identity key; refuses anything that is not a point on the curve. */
export async function importIdentityKey(text: string): Promise<CryptoKey> {
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 4) {
    throw new CryptoError('bad-key', 'Not a P-256 public key');
  }
  try {
    return await crypto.subtle.importKey('raw', bytes, CURVE, false, ['verify']);
  } catch {
    throw new CryptoError('bad-key', 'Not a point on P-256');
  }
}

/** False for a signature that is missing, malformed, or made by another key or for another device. */
export async function verifyDevice(
  identityKey: CryptoKey,
  uid: string,
  device: SignedDevice,
  signature: string | null | undefined,
): Promise<boolean> {
  const bytes = signature ? fromBase64Url(signature) : null;
  if (!bytes || bytes.length !== 64) return false;
  return crypto.subtle
    .verify(SIGNATURE, identityKey, bytes, deviceStatement(uid, device))
    .catch(() => false);
}
