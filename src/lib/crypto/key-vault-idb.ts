/**
 * The device keys in IndexedDB (`chatty-keys`, store `devices`, keyed by uid). IndexedDB stores a
 * CryptoKey object as it is: a non-extractable private key stays usable on this device and
 * unreadable to every script, ours included.
 */
import type { KeyVault, StoredDevice } from './device-identity';

const DB_NAME = 'chatty-keys';
const STORE = 'devices';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused to open'));
  });
}

function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = act(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => {
          resolve(request.result as T);
          db.close();
        };
        request.onerror = () => {
          reject(request.error ?? new Error('IndexedDB request failed'));
          db.close();
        };
      }),
  );
}

export const indexedDbKeyVault: KeyVault = {
  get: (uid) => run<StoredDevice | undefined>('readonly', (store) => store.get(uid)),
  put: (uid, device) =>
    run<unknown>('readwrite', (store) => store.put(device, uid)).then(() => undefined),
  delete: (uid) => run<unknown>('readwrite', (store) => store.delete(uid)).then(() => undefined),
};
