/**
 * The encryption session's crypto: what its keys are made with (encryption-listeners.ts,
 * encryption-late-wraps-listeners.ts) and the database gateways' ports on it (the sealing and
 * opening of conversations, the drafts' key). A root of the database chunk
 * (scripts/build/screen-roots.ts): nothing is sealed or opened, and no key made, before the
 * database gateways are in, so it loads with them after the signed-in first paint
 * (`loadSessionCrypto`, session-crypto.ts) rather than with home's first screen.
 */
import { memoryKeyVault, type KeyVault } from '../../lib/crypto/device-identity';
import type { DraftsKey } from '../../lib/crypto/drafts-seal';
import { indexedDbKeyVault } from '../../lib/crypto/key-vault-idb';
import { memorySendingLog, type SendingLog } from '../../lib/crypto/sending-log';
import { indexedDbSendingLog } from '../../lib/crypto/sending-log-idb';
import { memoryPinStore, type PinStore } from '../../lib/crypto/trust-pins';
import { indexedDbPinStore } from '../../lib/crypto/trust-pins-idb';
import {
  indexedDbLedgerStore,
  makeConversationCrypto,
  makeSeenLedger,
  type ConversationCrypto,
} from '../../lib/firebase/conversations/shapes';
import { encryptionSession, setUpFailed, type EncryptionSession } from './encryption-session';

export { loadOrCreateDevice } from '../../lib/crypto/device-identity';
export { makeDeviceTrust } from '../../lib/crypto/device-trust';
export { makeEpochKeys } from '../../lib/crypto/epochs/epoch-keys';
export { makeKeyRing } from '../../lib/crypto/key-ring/key-ring';
export { makeLateWraps } from '../../lib/crypto/late-wraps';

/** Where this device keeps its key, its pins of others' keys and what it sent under which epoch. */
export interface KeyStores {
  vault: KeyVault;
  pins: PinStore;
  sendingLog: SendingLog;
}

/**
 * IndexedDB in a browser (one without it keeps no key, and Settings says so); outside one (Node,
 * the integration tests), in memory for as long as these stores are kept.
 */
export const keyStoresFor = (browser: boolean): KeyStores =>
  browser
    ? { vault: indexedDbKeyVault, pins: indexedDbPinStore, sendingLog: indexedDbSendingLog }
    : { vault: memoryKeyVault(), pins: memoryPinStore(), sendingLog: memorySendingLog() };

const cryptos = new WeakMap<EncryptionSession, ConversationCrypto>();
/** The sealing of a signed-in user whose device has no keys, per session opened (or none). */
const keylessCryptos = new WeakMap<object, ConversationCrypto>();

/**
 * What this device remembers of `uid`'s conversations: in IndexedDB in a browser that has it,
 * else for as long as the session (docs/security/e2ee.md, "What the device remembers").
 */
const ledgerFor = (uid: string) =>
  makeSeenLedger(
    typeof window !== 'undefined' && typeof indexedDB !== 'undefined'
      ? indexedDbLedgerStore(uid)
      : undefined,
  );

/**
 * The sealing and opening of conversations for whoever `currentUid` names (the gateways' port);
 * null when nobody is. A device without keys gets one that seals nothing: it sends clear text
 * only where no encrypted message was seen, and nothing at all when its keys failed to be set up.
 */
export const conversationCryptoOf =
  (currentUid: () => string | undefined, scope?: object) =>
  async (): Promise<ConversationCrypto | null> => {
    const uid = currentUid();
    if (!uid) return null;
    const ready = encryptionSession(uid, scope);
    const session = await ready;
    if (!session) {
      const failing = setUpFailed(ready);
      const failed = (await failing) ?? false;
      // No session opened here: one per gateways (or per process without them).
      const slot = failing ? ready : (scope ?? keylessCryptos);
      let keyless = keylessCryptos.get(slot);
      if (!keyless) {
        keyless = makeConversationCrypto(uid, null, {
          keyless: failed ? 'failed' : 'no-storage',
          ledger: makeSeenLedger(),
        });
        keylessCryptos.set(slot, keyless);
      }
      return keyless;
    }
    let crypto = cryptos.get(session);
    if (!crypto) {
      crypto = makeConversationCrypto(session.device.uid, session.keys, { ledger: ledgerFor(uid) });
      cryptos.set(session, crypto);
    }
    return crypto;
  };

/** The key that seals `currentUid`'s drafts on this device; null until it holds the backup key. */
export const draftsKeyOf =
  (currentUid: () => string | undefined, scope?: object) => async (): Promise<DraftsKey | null> => {
    const uid = currentUid();
    const session = uid ? await encryptionSession(uid, scope) : null;
    return session?.ring.draftsKey() ?? null;
  };
