/**
 * The signed-in user's device key and sender-key manager (docs/security/e2ee.md). They live
 * outside Redux: CryptoKey objects are not serializable, and the private key must never be copied.
 * `encryption-listeners.ts` opens a session at sign-in and closes it at sign-out; everything that
 * seals or opens a message asks `encryptionSession(uid)`, which waits for the device key.
 */
import type { DeviceIdentity, EpochKeys } from '../../lib/crypto/epoch-keys';
import type { KeyRing } from '../../lib/crypto/key-ring';

export interface EncryptionSession {
  device: DeviceIdentity;
  keys: EpochKeys;
  /** The key backup, the recovery key and approvals of my new devices (key-ring.ts). */
  ring: KeyRing;
}

let current: { uid: string; ready: Promise<EncryptionSession | null> } | null = null;

/** Called at sign-in: `ready` resolves with the session, or null when this browser keeps no keys. */
export function openEncryptionSession(uid: string, ready: Promise<EncryptionSession | null>) {
  current = { uid, ready: ready.catch(() => null) };
}

export function closeEncryptionSession(uid: string) {
  if (current?.uid === uid) current = null;
}

/**
 * The session of `uid`, once its device key is loaded; null when another user (or nobody) is
 * signed in, or this browser cannot keep keys (no IndexedDB): its messages are then not encrypted.
 */
export function encryptionSession(uid: string): Promise<EncryptionSession | null> {
  return current?.uid === uid ? current.ready : Promise.resolve(null);
}
