// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { idbStore } from './idb-store';

describe('idbStore', () => {
  it('keeps a value per key, in a database of its own', async () => {
    const pins = idbStore('test-pins', 'pins');
    const log = idbStore('test-log', 'epochs');
    await pins('readwrite', (store) => store.put({ key: 'abc' }, 'bob'));
    await log('readwrite', (store) => store.put(7, 'bob'));
    expect(await pins('readonly', (store) => store.get('bob'))).toEqual({ key: 'abc' });
    expect(await log('readonly', (store) => store.get('bob'))).toBe(7);
    await pins('readwrite', (store) => store.delete('bob'));
    expect(await pins('readonly', (store) => store.get('bob'))).toBeUndefined();
    expect(await log('readonly', (store) => store.get('bob'))).toBe(7);
  });

  it('rejects with the request’s error, and opens again afterwards', async () => {
    const run = idbStore('test-errors', 'items');
    // A second add under one key is refused by the store.
    await expect(run('readwrite', (store) => store.add(1, 'k'))).resolves.toBe('k');
    await expect(run('readwrite', (store) => store.add(2, 'k'))).rejects.toThrow();
    expect(await run('readonly', (store) => store.get('k'))).toBe(1);
  });
});
