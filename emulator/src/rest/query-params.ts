import { DataError } from '../data/errors';
import { MAX_NAME, MIN_NAME } from '../data/keys';
import { type Bound, type IndexValue, type QuerySpec, indexFromString } from '../query/spec';

/** Parses a JSON value, tolerating the unquoted strings people type in a browser bar. */
function parseJsonParam(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new DataError(`${name} must be a JSON value, e.g. ${name}="text" or ${name}=3`);
  }
}

function indexValue(v: unknown, name: string): IndexValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new DataError(`${name} must be a primitive JSON value`);
}

/** `value` or `value,"name"` as the SDK's REST transport writes it (both JSON-encoded). */
function boundParam(raw: string, name: string): { value: IndexValue; key: string | null } {
  try {
    return { value: indexValue(JSON.parse(raw), name), key: null };
  } catch {
    for (let i = raw.lastIndexOf(','); i > 0; i = raw.lastIndexOf(',', i - 1)) {
      try {
        const value = indexValue(JSON.parse(raw.slice(0, i)), name);
        const key: unknown = JSON.parse(raw.slice(i + 1));
        if (typeof key === 'string') return { value, key };
      } catch {
        // try the previous comma
      }
    }
  }
  throw new DataError(`${name} must be a JSON value, optionally followed by ,"key"`);
}

/** A start or end bound; `keyDefault` is the key it takes when the parameter names none. */
function rangeBound(
  params: URLSearchParams,
  name: string,
  keyDefault: string,
  inclusive: boolean,
): Bound {
  const b = boundParam(params.get(name) ?? '', name);
  return { value: b.value, name: b.key ?? keyDefault, inclusive };
}

function limitParam(raw: string, name: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new DataError(`${name} must be a positive integer`);
  return n;
}

/** Turns REST query parameters into a query, or null when none are present. */
export function restQuery(params: URLSearchParams): QuerySpec | null {
  const orderByRaw = params.get('orderBy');
  const has = (k: string): boolean => params.has(k);
  const rangeKeys = ['startAt', 'startAfter', 'endAt', 'endBefore', 'equalTo'];
  const limitKeys = ['limitToFirst', 'limitToLast'];
  if (orderByRaw === null) {
    if ([...rangeKeys, ...limitKeys].some(has)) {
      throw new DataError('orderBy must be defined when other query parameters are defined');
    }
    return null;
  }
  const orderBy = parseJsonParam(orderByRaw, 'orderBy');
  if (typeof orderBy !== 'string') throw new DataError('orderBy must be a JSON string');
  const index = indexFromString(orderBy);
  const isKey = index.kind === 'key';
  if (has('limitToFirst') && has('limitToLast')) {
    throw new DataError('limitToFirst and limitToLast cannot both be set');
  }
  let start: Bound | null = null;
  let end: Bound | null = null;
  const startParam = has('startAt') ? 'startAt' : has('startAfter') ? 'startAfter' : null;
  const endParam = has('endAt') ? 'endAt' : has('endBefore') ? 'endBefore' : null;
  if (has('equalTo')) {
    if (startParam || endParam) throw new DataError('equalTo cannot be combined with start or end');
    const b = boundParam(params.get('equalTo') ?? '', 'equalTo');
    start = { value: b.value, name: b.key ?? MIN_NAME, inclusive: true };
    end = { value: b.value, name: b.key ?? MAX_NAME, inclusive: true };
  }
  if (startParam) {
    const after = startParam === 'startAfter';
    start = rangeBound(params, startParam, after && !isKey ? MAX_NAME : MIN_NAME, !after);
  }
  if (endParam) {
    const before = endParam === 'endBefore';
    end = rangeBound(params, endParam, before && !isKey ? MIN_NAME : MAX_NAME, !before);
  }
  if (isKey && [start, end].some((x) => x && typeof x.value !== 'string')) {
    throw new DataError('orderBy="$key" requires string bounds');
  }
  const first = params.get('limitToFirst');
  const last = params.get('limitToLast');
  return {
    index,
    start,
    end,
    limit:
      first !== null
        ? limitParam(first, 'limitToFirst')
        : last !== null
          ? limitParam(last, 'limitToLast')
          : null,
    fromRight: last !== null,
  };
}
