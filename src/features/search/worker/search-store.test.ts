// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SearchBackend } from './search-backend';
import { docId, type SearchDoc } from './search-doc';
import { searchDatabaseName } from './search-store';

const doc = (messageId: string, text: string): SearchDoc => ({
  id: docId('d:rel', messageId),
  conv: 'd:rel',
  messageId,
  from: 'dave',
  fromName: 'Dave',
  at: Date.now(),
  text,
  photo: false,
});

/** Everything user `uid`'s database holds, by key, read around the app's code. */
async function rawContents(uid: string): Promise<Record<string, unknown>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(searchDatabaseName(uid));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('open failed'));
  });
  const store = db.transaction('vault').objectStore('vault');
  const read = (key: string) =>
    new Promise<unknown>((resolve) => {
      const req = store.get(key);
      req.onsuccess = () => resolve(req.result);
    });
  const out = { key: await read('key'), index: await read('index') };
  db.close();
  return out;
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => d.name ?? '');
}

describe('the index saved on the device', () => {
  it('is encrypted with a key that cannot be read out, and reloads without downloading', async () => {
    const first = new SearchBackend();
    await first.open('u1');
    await first.upsert([doc('m1', 'the climbing gym is at 12 Harbour road')]);
    first.mark('d:rel', { oldest: { id: 'm1', createdAt: 1 }, newest: 1, done: true });
    await first.flush();

    const raw = await rawContents('u1');
    const key = raw.key as CryptoKey;
    expect(key.extractable).toBe(false);
    expect(key.algorithm.name).toBe('AES-GCM');
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    const sealed = raw.index as { iv: Uint8Array; data: ArrayBuffer };
    const bytes = new TextDecoder().decode(sealed.data);
    expect(sealed.data.byteLength).toBeGreaterThan(100);
    expect(bytes).not.toContain('Harbour');
    expect(bytes).not.toContain('climbing');

    const second = new SearchBackend();
    const opened = await second.open('u1');
    expect(opened.size).toBe(1);
    expect(opened.marks['d:rel']?.done).toBe(true);
    expect(second.search('harbour', {}).map((hit) => hit.doc.messageId)).toEqual(['m1']);
  });

  it('keeps each user apart and is deleted with its key on logout', async () => {
    const mine = new SearchBackend();
    await mine.open('u2');
    await mine.upsert([doc('m1', 'secret plans')]);
    await mine.flush();
    const theirs = new SearchBackend();
    expect((await theirs.open('u3')).size).toBe(0);
    expect(theirs.search('secret', {})).toEqual([]);

    await mine.wipe('u2');
    expect(await databaseNames()).not.toContain(searchDatabaseName('u2'));
    expect(mine.search('secret', {})).toEqual([]);
    const again = new SearchBackend();
    expect((await again.open('u2')).size).toBe(0);
  });

  it('starts over when the saved copy cannot be decrypted', async () => {
    const first = new SearchBackend();
    await first.open('u4');
    await first.upsert([doc('m1', 'hello')]);
    await first.flush();
    // Another key in place of the device key: the copy no longer opens.
    const other = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await new Promise<void>((resolve) => {
      const req = indexedDB.open(searchDatabaseName('u4'));
      req.onsuccess = () => {
        const tx = req.result.transaction('vault', 'readwrite');
        tx.objectStore('vault').put(other, 'key');
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
      };
    });
    const second = new SearchBackend();
    expect((await second.open('u4')).size).toBe(0);
  });
});
