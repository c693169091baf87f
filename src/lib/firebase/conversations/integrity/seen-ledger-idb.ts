/**
 * A user's seen ledger (seen-ledger.ts) in IndexedDB (`chatty-seen`, store `ledgers`, keyed by
 * uid): on the device only, where the database cannot change it.
 */
import type { LedgerRecord, LedgerStore } from './seen-ledger';

const DB_NAME = 'chatty-seen';
const STORE = 'ledgers';

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

/** `uid`'s ledger store in this browser's IndexedDB. */
export const indexedDbLedgerStore = (uid: string): LedgerStore => ({
  load: () => run<LedgerRecord | undefined>('readonly', (s) => s.get(uid)).then((r) => r ?? null),
  save: (record) => run<unknown>('readwrite', (s) => s.put(record, uid)).then(() => undefined),
});
