// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeUploadStash, STASH_MAX_AGE_MS, STASH_MAX_COUNT } from './upload-stash';

const bytes = (n: number) => new Uint8Array(n).map((_, i) => (i * 13) % 256);

/** Every value the stash's database holds, read around its code. */
async function rawValues(dbName: string): Promise<unknown[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(dbName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('open failed'));
  });
  const values = await new Promise<unknown[]>((resolve) => {
    const req = db.transaction('uploads').objectStore('uploads').getAll();
    req.onsuccess = () => resolve(req.result);
  });
  db.close();
  return values;
}

describe('upload stash', () => {
  it('gives back the bytes and the send, per user, and forgets a dropped one', async () => {
    const stash = makeUploadStash('test-uploads-roundtrip');
    const send = { conversation: 'd:rel', words: '📎 Trip plan.pdf' };
    const blob = new Blob([bytes(300_000)], { type: 'application/pdf' });
    await stash.put({ uid: 'alice', fileId: 'm1', at: Date.now(), send, blob });
    await stash.put({ uid: 'bob', fileId: 'm2', at: Date.now(), send: {}, blob: new Blob(['x']) });

    const listed = await stash.list('alice');
    expect(listed.map((s) => [s.fileId, s.send, s.blob.type])).toEqual([
      ['m1', send, 'application/pdf'],
    ]);
    expect(new Uint8Array(await listed[0].blob.arrayBuffer())).toEqual(bytes(300_000));

    await stash.drop('alice', 'm1');
    expect(await stash.list('alice')).toEqual([]);
    expect((await stash.list('bob')).map((s) => s.fileId)).toEqual(['m2']);
  });

  it('keeps neither the name nor the bytes in clear', async () => {
    const stash = makeUploadStash('test-uploads-sealed');
    const name = 'Secret plan.pdf';
    const blob = new Blob([`%PDF ${name} body`]);
    await stash.put({ uid: 'alice', fileId: 'm1', at: Date.now(), send: { name }, blob });
    const raw = await rawValues('test-uploads-sealed');
    const texts = await Promise.all(
      raw.map(async (value) => {
        const { head, body } = value as { head?: ArrayBuffer; body?: Blob };
        return head && body ? new TextDecoder().decode(head) + (await body.text()) : '';
      }),
    );
    expect(texts.filter(Boolean)).toHaveLength(1);
    expect(texts.join('\n')).not.toContain('Secret plan');
    expect(raw.some((value) => value instanceof CryptoKey)).toBe(true);
  });

  it('drops stashes older than its age and, past its count, the oldest', async () => {
    let clock = 1_000_000_000;
    const stash = makeUploadStash('test-uploads-bounds', () => clock);
    const blob = new Blob(['x']);
    await stash.put({ uid: 'alice', fileId: 'old', at: clock, send: {}, blob });
    clock += STASH_MAX_AGE_MS + 1;
    expect(await stash.list('alice')).toEqual([]);

    for (let i = 0; i <= STASH_MAX_COUNT; i += 1) {
      await stash.put({ uid: 'alice', fileId: `m${String(i)}`, at: clock + i, send: {}, blob });
    }
    const kept = (await stash.list('alice')).map((s) => s.fileId);
    expect(kept).toHaveLength(STASH_MAX_COUNT);
    expect(kept[0]).toBe('m1');
  });

  it('drops a stash it cannot open instead of failing', async () => {
    const stash = makeUploadStash('test-uploads-unreadable');
    await stash.put({
      uid: 'alice',
      fileId: 'm1',
      at: Date.now(),
      send: {},
      blob: new Blob(['x']),
    });
    // Another device key, as after the browser cleared part of its storage.
    const other = makeUploadStash('test-uploads-unreadable');
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('test-uploads-unreadable');
      req.onsuccess = () => resolve(req.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('uploads', 'readwrite');
      tx.objectStore('uploads').delete('key');
      tx.oncomplete = () => resolve();
    });
    db.close();
    expect(await other.list('alice')).toEqual([]);
    expect((await rawValues('test-uploads-unreadable')).length).toBe(1);
  });
});
