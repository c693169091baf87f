/**
 * The sending log (sending-log.ts) in IndexedDB (`chatty-sending`, store `epochs`, keyed
 * `{uid}|{conversation}`): a database of its own, so the key vault and the pins keep theirs.
 */
import type { SendingLog, SentEpoch } from './sending-log';

const DB_NAME = 'chatty-sending';
const STORE = 'epochs';

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

const isSent = (value: unknown): value is SentEpoch => {
  const sent = value as SentEpoch | null;
  return (
    typeof sent === 'object' &&
    sent !== null &&
    typeof sent.epoch === 'string' &&
    typeof sent.devices === 'string' &&
    typeof sent.at === 'number' &&
    typeof sent.count === 'number'
  );
};

export const indexedDbSendingLog: SendingLog = {
  get: (uid, conversation) =>
    run<unknown>('readonly', (store) => store.get(`${uid}|${conversation}`)).then(
      (value) => (isSent(value) ? value : undefined),
      () => undefined,
    ),
  put: (uid, conversation, sent) =>
    run<unknown>('readwrite', (store) => store.put({ ...sent }, `${uid}|${conversation}`)).then(
      () => undefined,
    ),
};
