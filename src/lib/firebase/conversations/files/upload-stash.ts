/**
 * The uploads not finished yet, kept on this device so a reload, a closed tab or a crash does
 * not lose them (docs/data-model.md, "Files and voice messages"): the bytes and what finishes
 * the send (the conversation, the message id, its parties, descriptor and words). IndexedDB
 * database `chatty-uploads`, store `uploads`, keyed `{uid}|{fileId}`. Like the search index, it
 * is encrypted at rest with an AES-GCM key made here and never extractable (stored beside it as
 * an opaque key): the bytes and the file's name are what end-to-end encryption protects. The
 * bytes are sealed a part at a time into a Blob, which the browser keeps out of the page's
 * memory, so a stash of 25 MB never adds a second copy of the file to the page.
 *
 * Bounded: a stash older than STASH_MAX_AGE_MS is dropped unread, and at most STASH_MAX_COUNT
 * are kept (the oldest go first). Without IndexedDB (a private window that refuses it, Node) an
 * upload simply is not kept: it still goes, as before, while the page lives.
 */
import { idbStore } from '../../../idb-store';

/** Older than three days, a stash is dropped: its conversation has moved on without it. */
export const STASH_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** At most this many uploads are kept (each at most 25 MB; a start opens them all at once). */
export const STASH_MAX_COUNT = 5;

const KEY = 'key';

/** What the send needs besides its bytes: plain data, JSON as stored. */
interface StashedSend {
  uid: string;
  fileId: string;
  /** `Date.now()` when stashed. */
  at: number;
  /** The rest (conversation, parties, descriptor, words, extras): the gateway's to read. */
  send: unknown;
}

interface Stashed extends StashedSend {
  blob: Blob;
}

/** Bytes of the file sealed per part, so neither side ever holds more than a part in clear. */
const PART = 256 * 1024;
/** AES-GCM's IV and tag. */
const IV = 12;
const TAG = 16;

/**
 * How a stash is stored: who and when in clear (to list and bound them); the send and the
 * bytes sealed. The bytes stay a Blob (the browser keeps it out of the page's memory), part by
 * part: each part's IV in `ivs`, its sealed bytes (PART + TAG, the last shorter) in `body`.
 */
interface StoredStash {
  uid: string;
  fileId: string;
  at: number;
  iv: Uint8Array<ArrayBuffer>;
  /** `{ send, type }` as JSON, sealed. */
  head: ArrayBuffer;
  ivs: Uint8Array<ArrayBuffer>;
  body: Blob;
}

export interface UploadStash {
  put(stashed: Stashed): Promise<void>;
  drop(uid: string, fileId: string): Promise<void>;
  /** The stashes of `uid`, oldest first; drops the stale and the unreadable ones of anyone. */
  list(uid: string): Promise<Stashed[]>;
  /** Whether `uid` has any (nothing opened). */
  holds(uid: string): Promise<boolean>;
  /** Drops every stash of `uid` (a sign-out). */
  dropAll(uid: string): Promise<void>;
}

const isStored = (value: unknown): value is StoredStash => {
  const stored = value as StoredStash | null;
  return (
    typeof stored === 'object' &&
    stored !== null &&
    typeof stored.uid === 'string' &&
    typeof stored.fileId === 'string' &&
    typeof stored.at === 'number' &&
    stored.iv instanceof Uint8Array &&
    stored.head instanceof ArrayBuffer &&
    stored.ivs instanceof Uint8Array &&
    stored.body instanceof Blob
  );
};

const idOf = (uid: string, fileId: string) => `${uid}|${fileId}`;

const encrypt = (key: CryptoKey, iv: Uint8Array<ArrayBuffer>, plain: BufferSource) =>
  crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);

async function seal(key: CryptoKey, stashed: Stashed): Promise<StoredStash> {
  const { blob, send, uid, fileId, at } = stashed;
  const iv = crypto.getRandomValues(new Uint8Array(IV));
  const head = await encrypt(
    key,
    iv,
    new TextEncoder().encode(JSON.stringify({ send, type: blob.type })),
  );
  const parts = Math.ceil(blob.size / PART);
  const ivs = crypto.getRandomValues(new Uint8Array(parts * IV));
  const sealed: Blob[] = [];
  for (let index = 0; index < parts; index += 1) {
    const plain = await blob.slice(index * PART, (index + 1) * PART).arrayBuffer();
    sealed.push(new Blob([await encrypt(key, ivs.slice(index * IV, (index + 1) * IV), plain)]));
  }
  return { uid, fileId, at, iv, head, ivs, body: new Blob(sealed) };
}

async function open(key: CryptoKey, stored: StoredStash): Promise<Stashed> {
  const decrypt = (iv: Uint8Array<ArrayBuffer>, data: ArrayBuffer) =>
    crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data);
  const head = JSON.parse(new TextDecoder().decode(await decrypt(stored.iv, stored.head))) as {
    send: unknown;
    type: string;
  };
  const plain: Blob[] = [];
  const parts = stored.ivs.length / IV;
  for (let index = 0; index < parts; index += 1) {
    const start = index * (PART + TAG);
    const data = await stored.body.slice(start, start + PART + TAG).arrayBuffer();
    const iv = stored.ivs.slice(index * IV, (index + 1) * IV);
    plain.push(new Blob([await decrypt(iv, data)]));
  }
  const blob = new Blob(plain, { type: head.type });
  return { uid: stored.uid, fileId: stored.fileId, at: stored.at, send: head.send, blob };
}

/** The stash in IndexedDB database `dbName` (the app's: `chatty-uploads`). */
export function makeUploadStash(
  dbName = 'chatty-uploads',
  now: () => number = Date.now,
): UploadStash {
  const run = idbStore(dbName, 'uploads');
  let deviceKey: Promise<CryptoKey> | null = null;
  const keyOf = () =>
    (deviceKey ??= run<unknown>('readonly', (store) => store.get(KEY)).then(async (stored) => {
      if (stored instanceof CryptoKey) return stored;
      const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ]);
      await run('readwrite', (store) => store.put(made, KEY));
      return made;
    }));
  const remove = (id: string) => run<unknown>('readwrite', (store) => store.delete(id));
  const all = async () =>
    (await run<unknown[]>('readonly', (store) => store.getAll())).filter(isStored);

  /** Drops the stale stashes and, past the count, the oldest; returns those kept, oldest first. */
  const bound = async () => {
    const kept: StoredStash[] = [];
    const sorted = (await all()).sort((a, b) => a.at - b.at);
    const over = Math.max(0, sorted.length - STASH_MAX_COUNT);
    for (const [index, stored] of sorted.entries()) {
      if (index < over || now() - stored.at > STASH_MAX_AGE_MS) {
        await remove(idOf(stored.uid, stored.fileId));
      } else kept.push(stored);
    }
    return kept;
  };

  return {
    async put(stashed) {
      const stored = await seal(await keyOf(), stashed);
      await run('readwrite', (store) => store.put(stored, idOf(stashed.uid, stashed.fileId)));
      await bound();
    },
    async drop(uid, fileId) {
      await remove(idOf(uid, fileId));
    },
    async list(uid) {
      const mine = (await bound()).filter((stored) => stored.uid === uid);
      if (mine.length === 0) return [];
      const key = await keyOf();
      const opened: Stashed[] = [];
      for (const stored of mine) {
        try {
          opened.push(await open(key, stored));
        } catch {
          // Sealed under a key this browser no longer has (its storage partly cleared).
          await remove(idOf(stored.uid, stored.fileId));
        }
      }
      return opened;
    },
    async holds(uid) {
      return (await bound()).some((stored) => stored.uid === uid);
    },
    async dropAll(uid) {
      for (const stored of await all()) {
        if (stored.uid === uid) await remove(idOf(uid, stored.fileId));
      }
    },
  };
}

/** No IndexedDB here: nothing is kept, every call succeeds. */
const noStash: UploadStash = {
  put: () => Promise.resolve(),
  drop: () => Promise.resolve(),
  list: () => Promise.resolve([]),
  holds: () => Promise.resolve(false),
  dropAll: () => Promise.resolve(),
};

/** The app's stash, or one that keeps nothing where IndexedDB is missing. */
export const uploadStashHere = (): UploadStash =>
  typeof indexedDB === 'undefined' ? noStash : makeUploadStash();
