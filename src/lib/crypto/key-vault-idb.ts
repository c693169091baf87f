/**
 * The device keys in IndexedDB (`chatty-keys`, store `devices`, keyed by uid). IndexedDB stores a
 * CryptoKey object as it is: a non-extractable private key stays usable on this device and
 * unreadable to every script, ours included.
 */
import { idbStore } from '../idb-store';
import type { KeyVault, StoredDevice } from './device-identity';

const DB_NAME = 'chatty-keys';
const STORE = 'devices';

const run = idbStore(DB_NAME, STORE);

export const indexedDbKeyVault: KeyVault = {
  get: (uid) => run<StoredDevice | undefined>('readonly', (store) => store.get(uid)),
  put: (uid, device) =>
    run<unknown>('readwrite', (store) => store.put(device, uid)).then(() => undefined),
  delete: (uid) => run<unknown>('readwrite', (store) => store.delete(uid)).then(() => undefined),
};
