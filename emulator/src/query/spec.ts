import { DataError } from '../data/errors';
import { MAX_NAME, MIN_NAME } from '../data/keys';
import { parsePath } from '../data/path';
import type { QueryVars } from '../rules/contract';

export type IndexSpec =
  { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: string[] };

export type IndexValue = string | number | boolean | null;

export interface Bound {
  value: IndexValue;
  name: string;
  inclusive: boolean;
}

export interface QuerySpec {
  index: IndexSpec;
  start: Bound | null;
  end: Bound | null;
  limit: number | null;
  fromRight: boolean;
}

export function loadsAllData(q: QuerySpec): boolean {
  return q.start === null && q.end === null && q.limit === null;
}

export function indexFromString(i: string): IndexSpec {
  if (i === '.priority' || i === '$priority') return { kind: 'priority' };
  if (i === '.key' || i === '$key') return { kind: 'key' };
  if (i === '.value' || i === '$value') return { kind: 'value' };
  const path = parsePath(i);
  if (path.length === 0) throw new DataError(`Invalid index "${i}"`);
  return { kind: 'child', path };
}

function indexValue(v: unknown, what: string): IndexValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new DataError(`Query ${what} must be a primitive`);
}

function optString(v: unknown, fallback: string, what: string): string {
  if (v === undefined) return fallback;
  if (typeof v !== 'string') throw new DataError(`Query ${what} must be a string`);
  return v;
}

function optBool(v: unknown, what: string): boolean {
  if (v === undefined) return true;
  if (typeof v !== 'boolean') throw new DataError(`Query ${what} must be a boolean`);
  return v;
}

/** Parses the wire query object (`queryParamsGetQueryObject`), see docs/protocol.md, "Queries". */
export function parseWireQuery(raw: unknown): QuerySpec {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new DataError('Query must be an object');
  const q = raw as Record<string, unknown>;
  const i = q.i;
  if (i !== undefined && typeof i !== 'string') throw new DataError('Query index must be a string');
  const index = i === undefined ? ({ kind: 'priority' } as const) : indexFromString(i);
  const start: Bound | null =
    'sp' in q
      ? {
          value: indexValue(q.sp, 'start'),
          name: optString(q.sn, MIN_NAME, 'start name'),
          inclusive: optBool(q.sin, 'start inclusive flag'),
        }
      : null;
  const end: Bound | null =
    'ep' in q
      ? {
          value: indexValue(q.ep, 'end'),
          name: optString(q.en, MAX_NAME, 'end name'),
          inclusive: optBool(q.ein, 'end inclusive flag'),
        }
      : null;
  let limit: number | null = null;
  if (q.l !== undefined) {
    if (typeof q.l !== 'number' || !Number.isInteger(q.l) || q.l <= 0) {
      throw new DataError('Query limit must be a positive integer');
    }
    limit = q.l;
  }
  if (q.vf !== undefined && q.vf !== 'l' && q.vf !== 'r')
    throw new DataError('Query vf must be l or r');
  if (index.kind === 'key') {
    for (const b of [start, end]) {
      if (b && typeof b.value !== 'string') throw new DataError('Key index bounds must be strings');
    }
  }
  return { index, start, end, limit, fromRight: q.vf === 'r' };
}

/** The rules `query` variable; see docs/rules.md, "query". */
export function queryVars(q: QuerySpec): QueryVars {
  const equal =
    q.start !== null &&
    q.end !== null &&
    q.start.inclusive &&
    q.end.inclusive &&
    q.start.value === q.end.value &&
    (q.index.kind === 'key' || q.start.name === q.end.name || isSentinelPair(q.start, q.end));
  return {
    orderByKey: q.index.kind === 'key',
    orderByPriority: q.index.kind === 'priority',
    orderByValue: q.index.kind === 'value',
    orderByChild: q.index.kind === 'child' ? q.index.path.join('/') : null,
    startAt: q.start ? q.start.value : null,
    endAt: q.end ? q.end.value : null,
    equalTo: equal && q.start ? q.start.value : null,
    limitToFirst: q.limit !== null && !q.fromRight ? q.limit : null,
    limitToLast: q.limit !== null && q.fromRight ? q.limit : null,
  };
}

function isSentinelPair(s: Bound, e: Bound): boolean {
  return s.name === MIN_NAME && e.name === MAX_NAME;
}
