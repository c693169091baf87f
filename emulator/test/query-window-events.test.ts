/**
 * A write that moves children in or out of a query's window reaches a listener as one change:
 * one `value` event from the window before to the window after, never a window that did not
 * exist on the server in between (docs/protocol.md, "Listens and pushes", rule 3). The random
 * version of these is query-events-model.test.ts.
 */
import {
  type DataSnapshot,
  type Query,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  query,
  ref,
  set,
  startAt,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { emulatorForFile, rest, waitFor } from './helpers';
import { RawClient } from './raw-client';

const { client, emu } = emulatorForFile();

/** Resolves when `check` has seen the events it waits for; rejects on a failed expectation. */
function onValues(q: Query, check: (s: DataSnapshot, n: number) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let n = 0;
    const off = onValue(q, (s) => {
      try {
        if (!check(s, n++)) return;
        off();
        resolve();
      } catch (e) {
        off();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

describe('a window that gains and loses children in one write', () => {
  it('reaches another client as one value event (the reported case)', async () => {
    const a = client();
    const b = client(a.ns);
    await set(ref(a.db, 'items'), { one: { index: 1 }, two: { index: 2 }, three: { index: 3 } });
    const seen: string[] = [];
    const off = onValue(query(ref(b.db, 'items'), orderByChild('index'), limitToLast(2)), (s) => {
      const keys: string[] = [];
      s.forEach((c) => void keys.push(c.key));
      seen.push(keys.join(','));
    });
    await waitFor(() => (seen.length === 1 ? true : undefined));
    await set(ref(a.db, 'items/one/index'), 4);
    // A later write the listener must also see: everything of the first one came before it.
    await set(ref(a.db, 'items/two/index'), 5);
    await waitFor(() => (seen.length >= 3 ? true : undefined));
    off();
    expect(seen).toEqual(['two,three', 'three,one', 'one,two']);
  });

  // Ported from firebase-js-sdk, packages/database/test/order_by.test.ts.
  it("Google's 'Updates for unindexed queries work'", async () => {
    const reader = client();
    const writer = client(reader.ns);
    const value = {
      one: { index: 1, value: 'one' },
      two: { index: 2, value: 'two' },
      three: { index: 3, value: 'three' },
    };
    await set(ref(writer.db, 'unindexed'), value);
    const q = query(ref(reader.db, 'unindexed'), orderByChild('index'), limitToLast(2));
    await onValues(q, (snap, count) => {
      if (count === 0) {
        expect(snap.val()).toEqual({ two: value.two, three: value.three });
        // Changing a child outside the window must bring it in with one value event.
        void set(ref(writer.db, 'unindexed/one/index'), 4);
        return false;
      }
      expect(snap.val()).toEqual({ three: value.three, one: { index: 4, value: 'one' } });
      return true;
    });
  });

  // Ported from firebase-js-sdk, packages/database/test/query.test.ts.
  it("Google's 'update() at query root raises correct value event'", async () => {
    const writer = client();
    const reader = client(writer.ns);
    await set(ref(writer.db, 'foo'), { bar: 'a', baz: 'b', bam: 'c' });
    await onValues(query(ref(reader.db, 'foo'), limitToLast(10)), (snap, count) => {
      const val = snap.val() as Record<string, string>;
      if (count === 0) {
        expect(val).toEqual({ bar: 'a', baz: 'b', bam: 'c' });
        void update(ref(writer.db, 'foo'), { bar: 'd', bam: null, bat: 'e' });
        return false;
      }
      expect(val.bar).toBe('d');
      expect(val.baz).toBe('b');
      expect(val.bat).toBe('e');
      expect(val.bam).toBeUndefined();
      return true;
    });
  });

  // Ported from firebase-js-sdk, packages/database/test/query.test.ts: an in-view child set to
  // null, one changed, one changed and bumped out of the window, two new ones entering.
  it("Google's 'complex update() at query root raises correct value event'", async () => {
    const writer = client();
    const reader = client(writer.ns);
    await set(ref(writer.db, 'foo'), { a: 1, b: 2, c: 3, d: 4, e: 5 });
    await onValues(query(ref(reader.db, 'foo'), startAt(), limitToFirst(4)), (snap, count) => {
      if (count === 0) {
        expect(snap.val()).toEqual({ a: 1, b: 2, c: 3, d: 4 });
        void update(ref(writer.db, 'foo'), { b: null, c: 'a', cc: 'new', cd: 'new2', d: 'gone' });
        return false;
      }
      expect(snap.val()).toEqual({ a: 1, c: 'a', cc: 'new', cd: 'new2' });
      return true;
    });
  });

  it('is one small tagged merge on the wire when a message enters a 50-message page', async () => {
    const writer = client();
    const page: Record<string, unknown> = {};
    for (let i = 0; i < 60; i++)
      page[`m${String(i).padStart(3, '0')}`] = { createdAt: i, text: 't' };
    await set(ref(writer.db, 'chat'), page);
    const raw = await RawClient.connect(emu(), writer.ns);
    try {
      const q = { i: 'createdAt', l: 50, vf: 'r' };
      expect((await raw.request('q', { p: '/chat', q, t: 7, h: '' })).s).toBe('ok');
      raw.pushes.length = 0;
      const res = await rest(emu(), 'PUT', '/chat/m060.json', {
        ns: writer.ns,
        body: { createdAt: 60, text: 'new' },
      });
      expect(res.status).toBe(200);
      // Pushed at the commit, before the REST answer: on the raw socket, before this echo's.
      await raw.request('echo', { d: 1 });
      expect(raw.pushes).toEqual([
        {
          a: 'm',
          b: { p: '/chat', d: { m010: null, m060: { createdAt: 60, text: 'new' } }, t: 7 },
        },
      ]);
    } finally {
      raw.close();
    }
  });
});
