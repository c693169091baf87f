/**
 * What a Realtime Database query selects, and the events a listener of it gets between two
 * server states: a reference written for the model test from the documented ordering rules, on
 * export-format JSON (what REST `?format=export` returns), sharing no code with the emulator's
 * own ordering (src/data/keys.ts, src/query/window.ts), so one cannot hide a mistake of the other.
 */

export type Export = null | boolean | number | string | { [key: string]: Export };
export type Primitive = null | boolean | number | string;
export type Priority = null | number | string;

type IndexModel =
  { kind: 'key' } | { kind: 'priority' } | { kind: 'value' } | { kind: 'child'; path: string };

export interface BoundModel {
  value: Primitive;
  /** The key argument of startAt/endAt/equalTo/startAfter/endBefore (not with orderByKey). */
  key?: string;
  /** startAfter / endBefore. */
  exclusive: boolean;
}

export interface QueryModel {
  /** `default` is no orderBy call: the priority index, as the SDK reads it. */
  index: IndexModel | { kind: 'default' };
  start?: BoundModel;
  end?: BoundModel;
  limit?: { n: number; last: boolean };
}

export type Entry = [key: string, value: Export];

/** Sentinels beyond every key, for bounds given without a key argument. */
const MIN = Symbol('min key');
const MAX = Symbol('max key');
type Name = string | typeof MIN | typeof MAX;

function isObject(v: Export): v is { [key: string]: Export } {
  return typeof v === 'object' && v !== null;
}

/** A key that reads as a 32-bit integer (leading zeros and a minus sign allowed), or null. */
function int32Key(key: string): number | null {
  if (!/^-?\d+$/.test(key)) return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Integer keys first, numerically (the shorter spelling first), then the rest as strings. */
function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const [ia, ib] = [int32Key(a), int32Key(b)];
  if (ia !== null && ib !== null) return ia !== ib ? ia - ib : a.length - b.length;
  if (ia !== null) return -1;
  if (ib !== null) return 1;
  return a < b ? -1 : 1;
}

function compareNames(a: Name, b: Name): number {
  if (a === b) return 0;
  if (a === MIN || b === MAX) return -1;
  if (a === MAX || b === MIN) return 1;
  return compareKeys(a, b);
}

/** Leaves' values; an object (children) stands for itself. */
type Sortable = Primitive | { children: true };

function valueOf(v: Export): Sortable {
  if (!isObject(v)) return v;
  if ('.value' in v) return v['.value'] as Primitive;
  return { children: true };
}

function priorityOf(v: Export): Priority {
  return isObject(v) ? ((v['.priority'] as Priority | undefined) ?? null) : null;
}

/** The node at a child path below `v` (null where there is none). */
function childAt(v: Export, path: string): Export {
  let node = v;
  for (const part of path.split('/')) {
    if (!isObject(node) || '.value' in node) return null;
    node = node[part] ?? null;
  }
  return node;
}

function rank(v: Sortable): number {
  if (v === null) return 0;
  if (v === false) return 1;
  if (v === true) return 2;
  if (typeof v === 'number') return 3;
  if (typeof v === 'string') return 4;
  return 5;
}

/** null < false < true < numbers < strings < objects (all objects tie). */
function compareValues(a: Sortable, b: Sortable): number {
  const d = rank(a) - rank(b);
  if (d !== 0 || rank(a) === 5 || a === b) return d;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/** No priority < numbers < strings. */
function comparePriorities(a: Priority, b: Priority): number {
  const r = (p: Priority): number => (p === null ? 0 : typeof p === 'number' ? 1 : 2);
  if (r(a) !== r(b)) return r(a) - r(b);
  return a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1;
}

type Index = QueryModel['index'];

function indexed(index: Index, v: Export): Sortable {
  switch (index.kind) {
    case 'value':
      return valueOf(v);
    case 'child':
      return valueOf(childAt(v, index.path));
    default:
      return priorityOf(v);
  }
}

function compareIndexed(index: Index, a: Sortable, b: Sortable): number {
  if (index.kind === 'key') return 0;
  if (index.kind === 'value' || index.kind === 'child') return compareValues(a, b);
  return comparePriorities(a as Priority, b as Priority);
}

/** A child's place against a bound: the indexed value, then the key. */
function compareToBound(index: Index, e: Entry, bound: BoundModel, side: 'start' | 'end'): number {
  if (index.kind === 'key') return compareKeys(e[0], bound.value as string);
  const name: Name =
    bound.key ?? (side === 'start' ? (bound.exclusive ? MAX : MIN) : bound.exclusive ? MIN : MAX);
  return compareIndexed(index, indexed(index, e[1]), bound.value) || compareNames(e[0], name);
}

function compareEntries(index: Index, a: Entry, b: Entry): number {
  return (
    compareIndexed(index, indexed(index, a[1]), indexed(index, b[1])) || compareKeys(a[0], b[0])
  );
}

/** The children of `list` (export format) the query selects, in the query's order. */
export function referenceWindow(list: Export, q: QueryModel): Entry[] {
  if (!isObject(list) || '.value' in list) return [];
  let entries = Object.entries(list).filter(([k]) => k !== '.priority');
  entries = entries.filter((e) => {
    if (q.start) {
      const c = compareToBound(q.index, e, q.start, 'start');
      if (q.start.exclusive ? c <= 0 : c < 0) return false;
    }
    if (q.end) {
      const c = compareToBound(q.index, e, q.end, 'end');
      if (q.end.exclusive ? c >= 0 : c > 0) return false;
    }
    return true;
  });
  entries.sort((a, b) => compareEntries(q.index, a, b));
  if (q.limit && entries.length > q.limit.n) {
    entries = q.limit.last ? entries.slice(-q.limit.n) : entries.slice(0, q.limit.n);
  }
  return entries;
}

/** JSON with every object's keys sorted, so values compare whatever order they were built in. */
function canonical(v: unknown): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v);
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

/** A window as a listener's `value` snapshot shows it: the children in order, export format. */
export function windowText(entries: readonly Entry[]): string {
  return entries.map(([k, v]) => `${k}=${canonical(v)}`).join(' ');
}

/**
 * The child events a listener gets when its window goes from `before` to `after` in one step,
 * as `type key [prev]` lines sorted: removed for children that left, added for those that
 * entered, changed for those whose value changed, moved for those whose indexed value changed
 * (the SDK's rule: it fires even when the order stays; for orderByValue any change of the value,
 * priorities included, counts), each with the key before it in `after`.
 */
export function referenceChildEvents(index: Index, before: Entry[], after: Entry[]): string[] {
  const old = new Map(before.map(([k, v]) => [k, canonical(v)]));
  const events: string[] = [];
  const oldValues = new Map(before);
  after.forEach(([k, v], i) => {
    const prev = i === 0 ? 'null' : after[i - 1][0];
    const was = old.get(k);
    if (was === undefined) events.push(`child_added ${k} ${prev}`);
    else if (was !== canonical(v)) {
      events.push(`child_changed ${k} ${prev}`);
      if (indexedChanged(index, oldValues.get(k) ?? null, v))
        events.push(`child_moved ${k} ${prev}`);
    }
  });
  const stayed = new Set(after.map(([k]) => k));
  for (const [k] of before) if (!stayed.has(k)) events.push(`child_removed ${k}`);
  return events.sort();
}

function indexedChanged(index: Index, a: Export, b: Export): boolean {
  switch (index.kind) {
    case 'key':
      return false;
    case 'value':
      return canonical(a) !== canonical(b);
    case 'child':
      // Where it sorts: objects tie with objects, a leaf's priority does not count.
      return compareValues(indexed(index, a), indexed(index, b)) !== 0;
    default:
      return priorityOf(a) !== priorityOf(b);
  }
}
