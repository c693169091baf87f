/**
 * A person's identity key (docs/security/e2ee.md, "One identity per person"): one ECDSA P-256
 * pair per account, made on its first device and held only by devices the account approved (it
 * travels sealed under the backup key, which the recovery key opens). It signs each device entry
 * of the account; a sender wraps keys only for devices whose signature verifies against the
 * identity key it pinned for that person (device-trust.ts). The public half is published as
 * base64url of the uncompressed point (65 bytes, 87 characters), like a device key.
 */
import { concatBytes, fromBase64Url, toBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';

const CURVE = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** d, x and y of the private key, 32 bytes each: what the backup seals. */
const SECRET_LENGTH = 96;

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

const b64 = (bytes: Uint8Array) => toBase64Url(bytes);

async function fromJwk(jwk: JsonWebKey): Promise<AccountIdentity> {
  const privateKey = await crypto.subtle.importKey('jwk', jwk, CURVE, false, ['sign']);
  const publicJwk: JsonWebKey = { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
  const publicKey = await crypto.subtle.importKey('jwk', publicJwk, CURVE, true, ['verify']);
  return { privateKey, publicKey: toBase64Url(await crypto.subtle.exportKey('raw', publicKey)) };
}

/** A new identity, and its secret bytes to seal into the backup (never stored in the clear). */
export async function createIdentity(): Promise<{
  identity: AccountIdentity;
  secret: Uint8Array<ArrayBuffer>;
}> {
  const pair = await crypto.subtle.generateKey(CURVE, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const parts = [jwk.d, jwk.x, jwk.y].map((part) => fromBase64Url(part ?? ''));
  if (parts.some((part) => part?.length !== 32)) {
    throw new CryptoError('bad-key', 'The identity key could not be exported');
  }
  const secret = concatBytes(...(parts as Uint8Array[]));
  return { identity: await fromJwk(jwk), secret };
}

/** The identity from its sealed secret (a device that holds the backup key). */
export async function identityFromSecret(secret: Uint8Array): Promise<AccountIdentity> {
  if (secret.length !== SECRET_LENGTH) {
    throw new CryptoError('malformed', 'An identity secret is 96 bytes');
  }
  const [d, x, y] = [0, 32, 64].map((at) => b64(secret.subarray(at, at + 32)));
  try {
    return await fromJwk({ kty: 'EC', crv: 'P-256', d, x, y });
  } catch {
    throw new CryptoError('bad-key', 'Not a P-256 identity key');
  }
}

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

/** 64 bytes (r and s), 86 base64url characters. */
export async function signDevice(
  identity: AccountIdentity,
  uid: string,
  device: SignedDevice,
): Promise<string> {
  const signature = await crypto.subtle.sign(
    SIGNATURE,
    identity.privateKey,
    deviceStatement(uid, device),
  );
  return toBase64Url(signature);
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
