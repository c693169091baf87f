/** Runtime values of rule expressions and the evaluation context they are computed in. */
import type { AuthVar, DataView, QueryVars } from './contract';
import type { RuleSnapshot } from './snapshot';

/**
 * What `val()` returns for a node with children. The docs promise an opaque value rather than an
 * object, so each call makes a fresh one: it equals nothing, not even another `val()` of the same node.
 */
export class ObjectSentinel {
  readonly description = 'object value';
}

/** Plain objects and arrays reach expressions only through `auth` and `query`. */
type RecordValue = Readonly<Record<string, unknown>> | readonly unknown[];

export type Value = string | number | boolean | null | RuleSnapshot | ObjectSentinel | RecordValue;

/** An error while evaluating one rule; it makes that rule false. */
export class RuleEvalError extends Error {}

export interface EvalContext {
  auth: AuthVar | null;
  query: QueryVars;
  now: number;
  /** The data before the operation; `root` in rules. */
  root: DataView;
  /** The data as it would be after a write; null for reads, where `newData` is unavailable. */
  newRoot: DataView | null;
  /** The rule's location and the views there, found while walking down to it. */
  path: readonly string[];
  data: DataView;
  newData: DataView | null;
  /** Segments captured by `$wildcard` keys on the way down. */
  captures: Readonly<Record<string, string>>;
  /** Shared by every rule of one write request, when given (see RequestSnapshots). */
  snapshots?: RequestSnapshots;
  /** The values of the rule's repeated subexpressions, for one evaluation (repeats.ts). */
  memo?: (Value | undefined)[];
}

/**
 * The `root` and `newRoot` snapshots of one request: `data` and `newData` at any location are
 * found below them, so lookups repeated across a request's rules (an update's many paths, long
 * rules naming the same locations) are done once.
 */
export interface RequestSnapshots {
  root: RuleSnapshot;
  newRoot: RuleSnapshot;
}

export type Evaluator = (ctx: EvalContext) => Value;

export function describeValue(value: Value | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') {
    if (value instanceof ObjectSentinel) return 'object value';
    if (Array.isArray(value)) return 'array';
    return isPlainRecord(value) ? 'object' : 'snapshot';
  }
  return typeof value;
}

export function fail(message: string): never {
  throw new RuleEvalError(message);
}

function isPlainRecord(value: unknown): value is RecordValue {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Converts anything found inside `auth.token` and the like into an expression value. */
function fromForeign(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (isPlainRecord(value)) return value;
  return null;
}

/**
 * `a.b` and `a[b]`. Missing fields of `auth` and the like, and fields of null, read as null so that
 * `auth.uid` works when signed out; strings only have `length`; anything else is an error.
 */
export function getMember(object: Value, key: Value): Value {
  if (object === null) return null;
  if (typeof key !== 'string' && typeof key !== 'number')
    fail(`Cannot use ${describeValue(key)} as a property name`);
  const name = String(key);
  if (typeof object === 'string') {
    if (name === 'length') return object.length;
    return fail(`Strings have no property '${name}'`);
  }
  if (isPlainRecord(object)) {
    return Object.hasOwn(object, name)
      ? fromForeign((object as Record<string, unknown>)[name])
      : null;
  }
  return fail(`Cannot read property '${name}' of ${describeValue(object)}`);
}
