/**
 * Sending a content key to one device: static-static ECDH between the sending device and the
 * receiving device, HKDF-SHA-256 over the shared secret with the wrap's context as `info`, and
 * AES-256-GCM over the key with the same context as additional data. Only those two devices can
 * compute the wrapping key, so a wrap also proves which device made it; the context (conversation,
 * epoch, both devices) keeps a wrap from being replayed anywhere else.
 */
import { utf8 } from './crypto-bytes';
import { openBytes, sealBytes } from './sealed-box';

const SALT = utf8('chatty/key-wrap/v1');

/** The HKDF input for a pair of devices; ECDH is the costly step, so it is done once per pair. */
async function sharedSecret(mine: CryptoKey, theirs: CryptoKey): Promise<CryptoKey> {
  const bits = await crypto.subtle.deriveBits({ name: 'ECDH', public: theirs }, mine, 256);
  return crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
}

async function wrappingKey(secret: CryptoKey, context: string): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: SALT, info: utf8(context) },
    secret,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Caches each pair's shared secret by the peer's published key text. */
export function makeKeyWrapper(mine: CryptoKey) {
  const secrets = new Map<string, Promise<CryptoKey>>();
  const secretFor = (theirs: CryptoKey, theirsText: string) => {
    let secret = secrets.get(theirsText);
    if (!secret) {
      secret = sharedSecret(mine, theirs);
      secrets.set(theirsText, secret);
      secret.catch(() => secrets.delete(theirsText));
    }
    return secret;
  };
  return {
    async wrap(raw: Uint8Array, theirs: CryptoKey, theirsText: string, context: string) {
      const key = await wrappingKey(await secretFor(theirs, theirsText), context);
      return sealBytes(key, raw, context);
    },
    async unwrap(envelope: string, theirs: CryptoKey, theirsText: string, context: string) {
      const key = await wrappingKey(await secretFor(theirs, theirsText), context);
      return openBytes(key, envelope, context);
    },
  };
}
