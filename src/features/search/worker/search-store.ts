/**
 * The index saved on this device: one IndexedDB database per user (`chatty-search-{uid}`)
 * holding an AES-GCM key made here and never extractable (WebCrypto keeps its bytes out of
 * reach of scripts, and IndexedDB stores it as an opaque key), and the index encrypted with it.
 */

const STORE = 'vault';
const KEY = 'key';
const INDEX = 'index';

export const searchDatabaseName = (uid: string) => `chatty-search-${uid}`;

interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(name: string): Promise<IDBDatabase> {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

async function read<T>(db: IDBDatabase, key: string): Promise<T | undefined> {
  return (await request(db.transaction(STORE).objectStore(STORE).get(key))) as T | undefined;
}

function write(db: IDBDatabase, key: string, value: unknown): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  tx.objectStore(STORE).put(value, key);
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
  });
}

/** The device key of this user's index, made on first use. */
async function deviceKey(db: IDBDatabase): Promise<CryptoKey> {
  const stored = await read<CryptoKey>(db, KEY);
  if (stored) return stored;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  await write(db, KEY, key);
  return key;
}

export interface SearchVault {
  /** The saved value, or null when there is none or it cannot be read (then it starts over). */
  load(): Promise<unknown>;
  save(value: unknown): Promise<void>;
  close(): void;
}

/** Opens user `uid`'s encrypted store; null where the browser has no IndexedDB or WebCrypto. */
export async function openSearchVault(uid: string): Promise<SearchVault | null> {
  if (typeof indexedDB === 'undefined' || typeof crypto === 'undefined') return null;
  const db = await openDatabase(searchDatabaseName(uid));
  const key = await deviceKey(db);
  return {
    async load() {
      const sealed = await read<Sealed>(db, INDEX);
      if (!sealed) return null;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: sealed.iv },
          key,
          sealed.data,
        );
        return JSON.parse(new TextDecoder().decode(plain)) as unknown;
      } catch {
        return null;
      }
    },
    async save(value) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = new TextEncoder().encode(JSON.stringify(value));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
      await write(db, INDEX, { iv, data } satisfies Sealed);
    },
    close: () => db.close(),
  };
}

/** Deletes user `uid`'s saved index and its key (logout, account deletion). */
export function deleteSearchVault(uid: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(searchDatabaseName(uid));
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error('IndexedDB delete failed'));
    // Another tab still has it open: it is deleted as soon as that tab lets go.
    req.onblocked = () => resolve();
  });
}
