/**
 * The signed-in user's device key and sender-key manager (docs/security/e2ee.md). They live
 * outside Redux: CryptoKey objects are not serializable, and the private key must never be copied.
 * `encryption-listeners.ts` opens a session at sign-in and closes it at sign-out; everything that
 * seals or opens a message asks `encryptionSession(uid)`, which waits for the device key. Sessions
 * are kept by uid: the integration tests run several people's stores in one process.
 */
import type { DraftsKey } from '../../lib/crypto/drafts-seal';
import type { DeviceIdentity, EpochKeys } from '../../lib/crypto/epoch-keys';
import type { KeyRing } from '../../lib/crypto/key-ring';
import {
  makeConversationCrypto,
  type ConversationCrypto,
} from '../../lib/firebase/conversations-crypto';

export interface EncryptionSession {
  device: DeviceIdentity;
  keys: EpochKeys;
  /** The key backup, the recovery key and approvals of my new devices (key-ring.ts). */
  ring: KeyRing;
}

const sessions = new Map<string, Promise<EncryptionSession | null>>();
const cryptos = new WeakMap<EncryptionSession, ConversationCrypto>();

/** Called at sign-in: `ready` resolves with the session, or null when this browser keeps no keys. */
export function openEncryptionSession(uid: string, ready: Promise<EncryptionSession | null>) {
  sessions.set(
    uid,
    ready.catch(() => null),
  );
}

export function closeEncryptionSession(uid: string) {
  sessions.delete(uid);
}

/**
 * The session of `uid`, once its device key is loaded; null when `uid` is not signed in here, or
 * this browser cannot keep keys (no IndexedDB): its messages are then not encrypted.
 */
export function encryptionSession(uid: string): Promise<EncryptionSession | null> {
  return sessions.get(uid) ?? Promise.resolve(null);
}

/** The sealing and opening of conversations for whoever `currentUid` names (the gateways' port). */
export const conversationCryptoOf =
  (currentUid: () => string | undefined) => async (): Promise<ConversationCrypto | null> => {
    const uid = currentUid();
    const session = uid ? await encryptionSession(uid) : null;
    if (!session) return null;
    let crypto = cryptos.get(session);
    if (!crypto) {
      crypto = makeConversationCrypto(session.device.uid, session.keys);
      cryptos.set(session, crypto);
    }
    return crypto;
  };

/** The key that seals `currentUid`'s drafts on this device; null until it holds the backup key. */
export const draftsKeyOf =
  (currentUid: () => string | undefined) => async (): Promise<DraftsKey | null> => {
    const uid = currentUid();
    const session = uid ? await encryptionSession(uid) : null;
    return session?.ring.draftsKey() ?? null;
  };
