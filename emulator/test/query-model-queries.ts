/**
 * Random queries for the model test (query-events-model.test.ts), drawn from small domains
 * (query-model-domains.ts), how each is played through the SDK, and how it reads in a failure.
 */
import fc from 'fast-check';
import {
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
  startAfter,
  startAt,
} from 'firebase/database';
import { LEAVES, PRIORITIES, keyArb } from './query-model-domains';
import type { BoundModel, Primitive, QueryModel } from './reference-query';

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
