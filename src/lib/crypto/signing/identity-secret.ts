/**
 * Making an identity key (../identity-key.ts) or a device-signing key, taking one from its sealed
 * secret, and signing a device with it: the steps of an approved device, loaded after the first
 * screen, which only checks signatures.
 */
import { concatBytes, fromBase64Url, toBase64Url } from '../crypto-bytes';
import { CryptoError } from '../crypto-errors';
import {
  deviceStatement,
  SIGNATURE,
  type AccountIdentity,
  type SignedDevice,
} from '../identity-key';

const CURVE = { name: 'ECDSA', namedCurve: 'P-256' } as const;
/** d, x and y of the private key, 32 bytes each: what the backup seals. */
const SECRET_LENGTH = 96;

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
