import {
  type DataSnapshot,
  type Query,
  type QueryConstraint,
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  ref,
  set,
  setWithPriority,
  startAfter,
  startAt,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { type TestClient, emulatorForFile, waitFor } from './helpers';

const { client } = emulatorForFile();

function entries(s: DataSnapshot): string {
  const out: unknown[] = [];
  s.forEach((c) => {
    out.push([c.key, c.exportVal()]);
  });
  return JSON.stringify(out);
}

/** Keys and values chosen to hit every ordering rule: integer-like keys, mixed types, priorities. */
const KEYS = ['-1', '0', '1', '01', '10', '2147483648', '-', 'a', 'B', 'b', 'zz', '~', '9a'];
const VALUES: unknown[] = [
  false,
  true,
  -5,
  0,
  1.5,
  10,
  '',
  '1',
  'a',
  'b',
  { n: 1 },
  { n: 'x' },
  { n: true },
  { m: 1 },
  { n: { deep: 1 } },
  { n: null, o: 2 },
];

function pick<T>(arr: readonly T[], i: number): T {
  return arr[i % arr.length];
}

const CONFIGS: [string, QueryConstraint[]][] = [
  ['child limitToLast', [orderByChild('n'), limitToLast(3)]],
  ['child range', [orderByChild('n'), startAt(0), endAt('x')]],
  ['child startAfter/endBefore', [orderByChild('n'), startAfter(1), endBefore('x')]],
  ['child equalTo', [orderByChild('n'), equalTo(1)]],
  ['child equalTo with key', [orderByChild('n'), equalTo(1, 'b')]],
  ['child startAt with key', [orderByChild('n'), startAt(1, 'a'), limitToFirst(4)]],
  ['key range', [orderByKey(), startAt('1'), endAt('b')]],
  ['key startAfter limit', [orderByKey(), startAfter('01'), limitToFirst(3)]],
  ['key endBefore limitToLast', [orderByKey(), endBefore('zz'), limitToLast(4)]],
  ['value limitToFirst', [orderByValue(), limitToFirst(5)]],
  ['value range', [orderByValue(), startAt(false), endAt('a')]],
  ['value startAfter string', [orderByValue(), startAfter('1')]],
  ['value endBefore number', [orderByValue(), endBefore(10), limitToLast(3)]],
  ['priority limitToLast', [orderByPriority(), limitToLast(4)]],
  ['priority range', [orderByPriority(), startAt(2), endAt('m')]],
  ['default limitToFirst', [limitToFirst(2)]],
];

describe('queries', () => {
  it('matches the SDK’s own client-side filtering for every kind of query, live', async () => {
    const writer = client();
    const server = client(writer.ns); // only the query: windows come from the server
    const local = client(writer.ns); // whole list cached: the SDK filters by itself
    const list = 'list';
    const fullOff = onValue(ref(local.db, list), () => undefined);
    const views = CONFIGS.map(([name, constraints]) => {
      const state = { server: '', local: '' };
      const q = (c: TestClient): Query => query(ref(c.db, list), ...constraints);
      const offs = [
        onValue(q(server), (s) => (state.server = entries(s))),
        onValue(q(local), (s) => (state.local = entries(s))),
      ];
      return { name, state, offs };
    });
    const settle = async (step: string): Promise<void> => {
      for (const v of views) {
        await waitFor(() => (v.state.server === v.state.local ? true : undefined), 3000).catch(
          () => {
            throw new Error(
              `${v.name} after ${step}: server ${v.state.server} != local ${v.state.local}`,
            );
          },
        );
      }
    };
    const initial: Record<string, unknown> = {};
    KEYS.forEach((k, i) => (initial[k] = pick(VALUES, i)));
    await set(ref(writer.db, list), initial);
    await settle('initial set');
    for (let step = 0; step < 40; step++) {
      const key = pick(KEYS, step * 7 + 3);
      const path = `${list}/${key}`;
      if (step % 5 === 4) await set(ref(writer.db, path), null);
      else if (step % 3 === 0)
        await setWithPriority(
          ref(writer.db, path),
          pick(VALUES, step),
          pick([1, 5, 'c', 'z', 3], step),
        );
      else if (step % 3 === 1)
        await update(ref(writer.db, list), { [`${key}/n`]: pick(VALUES, step * 3) });
      else await set(ref(writer.db, path), pick(VALUES, step * 5 + 1));
      if (step % 4 === 3) await settle(`step ${step}`);
    }
    await settle('all steps');
    fullOff();
    views.forEach((v) => v.offs.forEach((off) => off()));
  });

  it('get() with a query returns the window from the server', async () => {
    const a = client();
    await set(ref(a.db, 'scores'), { al: { s: 3 }, bo: { s: 1 }, cy: { s: 2 }, di: { s: 5 } });
    const reader = client(a.ns);
    const snap = await get(query(ref(reader.db, 'scores'), orderByChild('s'), limitToLast(2)));
    expect(entries(snap)).toBe(
      JSON.stringify([
        ['al', { s: 3 }],
        ['di', { s: 5 }],
      ]),
    );
    const byKey = await get(query(ref(reader.db, 'scores'), orderByKey(), startAfter('bo')));
    expect(Object.keys(byKey.val() as object)).toEqual(['cy', 'di']);
  });

  it('keeps a limitToLast window filled as children come and go', async () => {
    const a = client();
    const b = client(a.ns);
    const seen: string[] = [];
    const off = onValue(query(ref(b.db, 'msgs'), orderByKey(), limitToLast(2)), (s) => {
      seen.push(Object.keys((s.val() as object | null) ?? {}).join(','));
    });
    await set(ref(a.db, 'msgs/a'), 1);
    await set(ref(a.db, 'msgs/b'), 2);
    await set(ref(a.db, 'msgs/c'), 3);
    await set(ref(a.db, 'msgs/c'), null);
    await waitFor(() => (seen.at(-1) === 'a,b' ? true : undefined));
    expect(seen).toContain('b,c');
    off();
  });
});
