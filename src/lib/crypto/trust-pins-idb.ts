/**
 * Pinned identity keys in IndexedDB (`chatty-trust`, store `pins`, keyed `{owner}|{uid}`): a
 * database of its own, so the device-key vault (key-vault-idb.ts) keeps its version and shape.
 */
import type { Pin, PinStore } from './trust-pins';

const DB_NAME = 'chatty-trust';
const STORE = 'pins';

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

const isPin = (value: unknown): value is Pin =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Pin).key === 'string' &&
  typeof (value as Pin).verified === 'boolean';

export const indexedDbPinStore: PinStore = {
  get: (owner, uid) =>
    run<unknown>('readonly', (store) => store.get(`${owner}|${uid}`)).then((value) =>
      isPin(value) ? value : undefined,
    ),
  put: (owner, uid, pin) =>
    run<unknown>('readwrite', (store) => store.put({ ...pin }, `${owner}|${uid}`)).then(
      () => undefined,
    ),
};
