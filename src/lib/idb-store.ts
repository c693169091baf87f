/**
 * One object store in an IndexedDB database of its own (version 1, made on first open): the
 * returned `run` opens it, runs one request in a transaction of `mode`, and closes it again, so
 * no connection stays open to block another tab's upgrade.
 */
export function idbStore(dbName: string, storeName: string) {
  const open = (): Promise<IDBDatabase> =>
    new Promise((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB refused to open'));
    });
  return function run<T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest,
  ): Promise<T> {
    return open().then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const request = act(db.transaction(storeName, mode).objectStore(storeName));
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
  };
}
