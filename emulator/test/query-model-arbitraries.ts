/**
 * Random lists, writes and queries for the model test (query-events-model.test.ts), and how each
 * is played through the SDK. Small domains on purpose: few keys, fields and values, so writes
 * collide, values tie and windows fill up and spill over.
 */
import fc from 'fast-check';
import {
  type Database,
  type QueryConstraint,
  endAt,
  endBefore,
  equalTo,
  limitToFirst,
  limitToLast,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  ref,
  remove,
  set,
  setPriority,
  setWithPriority,
  startAfter,
  startAt,
  update,
} from 'firebase/database';
import type { BoundModel, Export, Primitive, Priority, QueryModel } from './reference-query';

/** Integer-like keys (one out of int32 range, one with a leading zero) among plain ones. */
const KEYS = ['-1', '0', '1', '01', '2', '10', '2147483648', 'B', 'a', 'aa', 'b', 'z'];
const LEAVES: Primitive[] = [false, true, -1, 0, 1, 2.5, 10, '', '1', 'a', 'b', 'z'];
const PRIORITIES: Priority[] = [1, 2, 'a', 'b'];

const keyArb = fc.constantFrom(...KEYS);
const leafArb = fc.constantFrom(...LEAVES);
const priorityArb = fc.constantFrom(...PRIORITIES);

/** A leaf, sometimes with a priority (export format). */
const leafExportArb: fc.Arbitrary<Export> = fc.oneof(
  { weight: 3, arbitrary: leafArb },
  { weight: 1, arbitrary: fc.record({ '.value': leafArb, '.priority': priorityArb }) },
);
/** What sits at an item's `f`: a leaf or an object holding `g`/`h` (for orderByChild('f/g')). */
const fieldArb: fc.Arbitrary<Export> = fc.oneof(
  { weight: 2, arbitrary: leafExportArb },
  {
    weight: 1,
    arbitrary: fc.record({ g: leafExportArb, h: leafExportArb }, { requiredKeys: [] }),
  },
);
/** A child of the list: a leaf or an object, either possibly with a priority. */
const itemArb: fc.Arbitrary<Export> = fc.oneof(
  { weight: 1, arbitrary: leafExportArb },
  {
    weight: 2,
    arbitrary: fc.record(
      { f: fieldArb, g: leafExportArb, h: leafExportArb, '.priority': priorityArb },
      { requiredKeys: [] },
    ),
  },
);
export const listArb: fc.Arbitrary<Export> = fc.dictionary(keyArb, itemArb, {
  minKeys: 3,
  maxKeys: 8,
});

export type Write =
  | { kind: 'set'; path: string[]; value: Export }
  | { kind: 'setWithPriority'; path: string[]; value: Export; priority: Priority }
  | { kind: 'setPriority'; path: string[]; priority: Priority }
  | { kind: 'update'; path: string[]; changes: Record<string, Export> }
  | { kind: 'remove'; path: string[] };

interface Target {
  path: string[];
  value: fc.Arbitrary<Export>;
}

/** Paths below the list (`[]` is the list itself) with what may be written there. */
const targetArb: fc.Arbitrary<Target> = fc.oneof(
  fc.constant<Target>({
    path: [],
    value: fc.oneof({ weight: 4, arbitrary: listArb }, { weight: 1, arbitrary: leafArb }),
  }),
  keyArb.map((k) => ({ path: [k], value: fc.option(itemArb) })),
  fc
    .tuple(keyArb, fc.constantFrom('f', 'g'))
    .map(([k, f]) => ({ path: [k, f], value: fc.option(fieldArb) })),
  fc
    .tuple(keyArb, fc.constantFrom('g', 'h'))
    .map(([k, g]) => ({ path: [k, 'f', g], value: fc.option(leafExportArb) })),
);

/** An update's paths never overlap (the SDK refuses that): one per list child, or per field. */
const updateArb: fc.Arbitrary<Write> = fc.oneof(
  fc
    .uniqueArray(
      fc.tuple(keyArb, fc.constantFrom<string | null>(null, 'f', 'g', 'f/g'), fc.option(itemArb)),
      { selector: ([k]) => k, minLength: 1, maxLength: 4 },
    )
    .map((parts) => ({
      kind: 'update' as const,
      path: [],
      changes: Object.fromEntries(
        parts.map(([k, sub, v]) => [
          sub === null ? k : `${k}/${sub}`,
          sub === null ? v : leafOf(v),
        ]),
      ),
    })),
  fc
    .tuple(
      keyArb,
      fc.uniqueArray(fc.tuple(fc.constantFrom('f', 'g', 'h'), fc.option(leafExportArb)), {
        selector: ([f]) => f,
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([k, fields]) => ({
      kind: 'update' as const,
      path: [k],
      changes: Object.fromEntries(fields),
    })),
);

/** A field-sized value from an item-sized one (an item may be an object). */
function leafOf(v: Export): Export {
  return typeof v === 'object' && v !== null && !('.value' in v) ? 1 : v;
}

export const writeArb: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 4,
    arbitrary: targetArb.chain(({ path, value }) => value.map((v) => setWrite(path, v))),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(keyArb, fc.oneof(leafArb, fc.record({ f: leafArb, g: leafArb })), priorityArb)
      .map(([k, value, priority]) => ({
        kind: 'setWithPriority' as const,
        path: [k],
        value,
        priority,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(keyArb, fc.option(priorityArb))
      .map(([k, priority]) => ({ kind: 'setPriority' as const, path: [k], priority })),
  },
  { weight: 3, arbitrary: updateArb },
  { weight: 1, arbitrary: targetArb.map(({ path }) => ({ kind: 'remove' as const, path })) },
);

function setWrite(path: string[], value: Export): Write {
  return { kind: 'set', path, value };
}

export type QueryCase = QueryModel & { equal: boolean };

const INDEXES: QueryModel['index'][] = [
  { kind: 'key' },
  { kind: 'priority' },
  { kind: 'default' },
  { kind: 'value' },
  { kind: 'child', path: 'f' },
  { kind: 'child', path: 'f/g' },
];

/** Bounds the SDK accepts for the index: keys for orderByKey, priorities for the priority index. */
function boundArb(index: QueryModel['index']): fc.Arbitrary<BoundModel> {
  if (index.kind === 'key') {
    return fc.record({ value: keyArb, exclusive: fc.boolean() });
  }
  const value: fc.Arbitrary<Primitive> =
    index.kind === 'priority' || index.kind === 'default'
      ? fc.constantFrom<Primitive>(null, ...PRIORITIES)
      : fc.constantFrom<Primitive>(null, ...LEAVES);
  return fc.record(
    { value, key: keyArb, exclusive: fc.boolean() },
    { requiredKeys: ['value', 'exclusive'] },
  );
}

export const queryArb: fc.Arbitrary<QueryCase> = fc
  .constantFrom(...INDEXES)
  .chain((index) =>
    fc.record({
      index: fc.constant(index),
      // Half the queries without a start, half without an end: both often leave little.
      start: fc.option(boundArb(index), { nil: undefined, freq: 2 }),
      end: fc.option(boundArb(index), { nil: undefined, freq: 2 }),
      equal: fc.boolean(),
      limit: fc.option(fc.record({ n: fc.integer({ min: 1, max: 4 }), last: fc.boolean() }), {
        nil: undefined,
      }),
    }),
  )
  .map((q): QueryCase => {
    // equalTo(v, key) is a start and an end at the same inclusive bound.
    if (q.equal && q.start) {
      const bound = { ...q.start, exclusive: false };
      return { ...q, start: bound, end: bound };
    }
    // A query with neither a bound nor a limit loads all data: no tag, not what this tests.
    if (!q.start && !q.end && !q.limit) return { ...q, equal: false, limit: { n: 2, last: true } };
    return { ...q, equal: false };
  });

export function queryConstraints(q: QueryCase): QueryConstraint[] {
  const out: QueryConstraint[] = [];
  const { index } = q;
  if (index.kind === 'key') out.push(orderByKey());
  else if (index.kind === 'priority') out.push(orderByPriority());
  else if (index.kind === 'value') out.push(orderByValue());
  else if (index.kind === 'child') out.push(orderByChild(index.path));
  if (q.equal && q.start) out.push(equalTo(q.start.value, q.start.key));
  else {
    if (q.start) {
      const { value, key, exclusive } = q.start;
      out.push(exclusive ? startAfter(value, key) : startAt(value, key));
    }
    if (q.end) {
      const { value, key, exclusive } = q.end;
      out.push(exclusive ? endBefore(value, key) : endAt(value, key));
    }
  }
  if (q.limit) out.push(q.limit.last ? limitToLast(q.limit.n) : limitToFirst(q.limit.n));
  return out;
}

/** The query as it would be written, for failure messages. */
export function describeQuery(q: QueryCase): string {
  const { index } = q;
  const parts: string[] = [];
  if (index.kind === 'child') parts.push(`orderByChild('${index.path}')`);
  else if (index.kind !== 'default')
    parts.push(`orderBy${index.kind[0].toUpperCase()}${index.kind.slice(1)}()`);
  const args = (b: BoundModel): string =>
    [JSON.stringify(b.value), ...(b.key === undefined ? [] : [JSON.stringify(b.key)])].join(', ');
  if (q.equal && q.start) parts.push(`equalTo(${args(q.start)})`);
  else {
    if (q.start) parts.push(`${q.start.exclusive ? 'startAfter' : 'startAt'}(${args(q.start)})`);
    if (q.end) parts.push(`${q.end.exclusive ? 'endBefore' : 'endAt'}(${args(q.end)})`);
  }
  if (q.limit) parts.push(`${q.limit.last ? 'limitToLast' : 'limitToFirst'}(${q.limit.n})`);
  return parts.join('.');
}

/** Plays a write through the writer's SDK, below `list`. */
export async function applyWrite(db: Database, list: string, w: Write): Promise<void> {
  const at = ref(db, [list, ...w.path].join('/'));
  switch (w.kind) {
    case 'set':
      return set(at, w.value);
    case 'setWithPriority':
      return setWithPriority(at, w.value, w.priority);
    case 'setPriority':
      return setPriority(at, w.priority);
    case 'update':
      return update(at, w.changes);
    case 'remove':
      return remove(at);
  }
}
