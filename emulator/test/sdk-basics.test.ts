import {
  type DataSnapshot,
  child,
  get,
  increment,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onValue,
  push,
  ref,
  remove,
  serverTimestamp,
  set,
  setPriority,
  setWithPriority,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { type TestClient, emulatorForFile, rest, waitFor } from './helpers';

const { client, emu } = emulatorForFile();

describe('SDK basics', () => {
  it('set, update, remove and get round-trip between two clients', async () => {
    const a = client();
    const b = client(a.ns);
    await set(ref(a.db, 'x'), { a: 1, b: 'two', c: { d: true } });
    expect((await get(ref(b.db, 'x'))).val()).toEqual({ a: 1, b: 'two', c: { d: true } });
    await update(ref(a.db, 'x'), { 'c/e': 2.5, a: null, f: [1, 2] });
    expect((await get(ref(b.db, 'x'))).val()).toEqual({
      b: 'two',
      c: { d: true, e: 2.5 },
      f: [1, 2],
    });
    await remove(ref(a.db, 'x/c'));
    expect((await get(ref(b.db, 'x'))).val()).toEqual({ b: 'two', f: [1, 2] });
    expect((await get(ref(b.db, 'missing'))).exists()).toBe(false);
  });

  it('delivers onValue events to another client', async () => {
    const a = client();
    const b = client(a.ns);
    const seen: unknown[] = [];
    const off = onValue(ref(b.db, 'v'), (s) => seen.push(s.val()));
    await waitFor(() => (seen.length === 1 ? true : undefined));
    await set(ref(a.db, 'v'), 1);
    await set(ref(a.db, 'v/deep/er'), 'x');
    await waitFor(() => (seen.length === 3 ? true : undefined));
    expect(seen).toEqual([null, 1, { deep: { er: 'x' } }]);
    off();
  });

  it('fires child_added / changed / removed / moved', async () => {
    const a = client();
    const b = client(a.ns);
    const events: string[] = [];
    const r = ref(b.db, 'kids');
    const fmt = (kind: string) => (s: DataSnapshot, prev?: string | null) =>
      events.push(`${kind}:${s.key ?? ''}:${JSON.stringify(s.val())}:${prev ?? '-'}`);
    const offs = [
      onChildAdded(r, fmt('added')),
      onChildChanged(r, fmt('changed')),
      onChildRemoved(r, fmt('removed')),
      onChildMoved(r, fmt('moved')),
    ];
    await set(ref(a.db, 'kids/a'), 1);
    await set(ref(a.db, 'kids/b'), 2);
    await set(ref(a.db, 'kids/a'), 3);
    await setPriority(ref(a.db, 'kids/a'), 10);
    await remove(ref(a.db, 'kids/b'));
    await waitFor(() => (events.some((e) => e.startsWith('removed')) ? true : undefined));
    expect(events).toEqual([
      'added:a:1:-',
      'added:b:2:a',
      'changed:a:3:-',
      'moved:a:3:b',
      'changed:a:3:b',
      'removed:b:2:-',
    ]);
    offs.forEach((off) => off());
  });

  it('push creates ordered unique keys', async () => {
    const a = client();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await push(ref(a.db, 'list'), { i })).key ?? '');
    const snap = await get(ref(a.db, 'list'));
    const order: string[] = [];
    snap.forEach((c) => {
      order.push(c.key);
    });
    expect(order).toEqual(keys);
  });

  it('resolves serverTimestamp and increment on the server', async () => {
    const a = client();
    const before = Date.now();
    await set(ref(a.db, 'sv'), { at: serverTimestamp(), n: increment(2) });
    await update(ref(a.db, 'sv'), { n: increment(3), m: increment(1) });
    const v = (await get(ref(a.db, 'sv'))).val() as { at: number; n: number; m: number };
    expect(v.at).toBeGreaterThanOrEqual(before - 1000);
    expect(v.at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(v.n).toBe(5);
    expect(v.m).toBe(1);
  });

  it('keeps priorities and export format', async () => {
    const a = client();
    const b = client(a.ns);
    await setWithPriority(ref(a.db, 'p/x'), 'v', 5);
    await setWithPriority(ref(a.db, 'p/y'), { z: 1 }, 'str');
    const snap = await get(ref(b.db, 'p'));
    expect(snap.exportVal()).toEqual({
      x: { '.value': 'v', '.priority': 5 },
      y: { z: 1, '.priority': 'str' },
    });
  });

  it('reports .info/connected and .info/serverTimeOffset', async () => {
    const a = client();
    const connected = await waitFor(() => {
      let v: unknown;
      onValue(ref(a.db, '.info/connected'), (s) => (v = s.val()), { onlyOnce: true });
      return v === true ? true : undefined;
    });
    expect(connected).toBe(true);
    const offset = (await get(ref(a.db, '.info/serverTimeOffset'))).val() as number;
    expect(Math.abs(offset)).toBeLessThan(5000);
  });

  it('carries values larger than a 16 KB frame in both directions', async () => {
    const a = client();
    const b = client(a.ns);
    // The SDK cuts its own outgoing fragments without regard to surrogate pairs, so
    // client-to-server text stays in the BMP; the server's fragments keep pairs intact.
    const bmp = 'éxя'.repeat(20_000);
    const obj: Record<string, string> = {};
    for (let i = 0; i < 50; i++) obj[`k${i}`] = `${i}-${'y'.repeat(1000)}`;
    await set(ref(a.db, 'big'), { s: bmp, obj });
    const v = (await get(ref(b.db, 'big'))).val() as { s: string; obj: Record<string, string> };
    expect(v.s === bmp).toBe(true);
    expect(v.obj).toEqual(obj);
    const emoji = 'x😀'.repeat(30_000);
    const put = await rest(emu(), 'PUT', '/emoji.json', { ns: a.ns, body: emoji });
    expect(put.status).toBe(200);
    const got = (await get(ref(b.db, 'emoji'))).val() as string;
    expect(got === emoji).toBe(true);
  });

  it('loses no write when two clients write many children at once', async () => {
    const a = client();
    const b = client(a.ns);
    const writes = (c: TestClient, who: string) =>
      Array.from({ length: 150 }, (_, i) => push(ref(c.db, 'many'), { who, i }));
    await Promise.all([...writes(a, 'a'), ...writes(b, 'b')]);
    const reader = client(a.ns);
    const all = Object.values((await get(ref(reader.db, 'many'))).val() as object);
    expect(all).toHaveLength(300);
  });

  it('isolates namespaces', async () => {
    const a = client();
    const other = client();
    await set(ref(a.db, 'iso'), 'mine');
    expect((await get(ref(other.db, 'iso'))).exists()).toBe(false);
    await set(ref(other.db, 'iso'), 'theirs');
    expect((await get(ref(a.db, 'iso'))).val()).toBe('mine');
  });

  it('handles integer-like and unicode keys', async () => {
    const a = client();
    await set(child(ref(a.db, 'keys'), 'ключ'), 1);
    await set(ref(a.db, 'keys/007'), 2);
    await set(ref(a.db, 'keys/7'), 3);
    const snap = await get(ref(a.db, 'keys'));
    const order: string[] = [];
    snap.forEach((c) => {
      order.push(c.key);
    });
    expect(order).toEqual(['7', '007', 'ключ']);
  });
});
