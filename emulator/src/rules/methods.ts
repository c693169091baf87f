/** The methods available on snapshots and strings, with what the compiler needs to check calls. */
import { RuleSnapshot } from './snapshot';
import { describeValue, fail, type Value } from './values';

export type StaticType = 'boolean' | 'number' | 'string' | 'null' | 'snapshot' | 'any';

/**
 * `string` parameters take any expression (checked at run time); `regex` only a regex literal and
 * `keys` only an array literal, which is how the docs restrict those two forms.
 */
type ParamKind = 'string' | 'regex' | 'keys';

export type MethodArg = Value | RegExp | readonly Value[];

export interface MethodSpec {
  receiver: 'snapshot' | 'string';
  params: readonly ParamKind[];
  /** Trailing parameters that may be left out. */
  optional: number;
  returns: StaticType;
  invoke(receiver: never, args: readonly MethodArg[]): Value;
}

function stringArg(args: readonly MethodArg[], index: number): string {
  const arg = args[index];
  if (typeof arg !== 'string')
    return fail(`Argument ${index + 1} must be a string, not ${describeValue(arg as Value)}`);
  return arg;
}

function snapshotMethod(
  returns: StaticType,
  invoke: (snapshot: RuleSnapshot, args: readonly MethodArg[]) => Value,
  params: readonly ParamKind[] = [],
  optional = 0,
): MethodSpec {
  return { receiver: 'snapshot', params, optional, returns, invoke };
}

function stringMethod(
  returns: StaticType,
  invoke: (text: string, args: readonly MethodArg[]) => Value,
  params: readonly ParamKind[] = [],
): MethodSpec {
  return { receiver: 'string', params, optional: 0, returns, invoke };
}

const SNAPSHOT_METHODS = new Map<string, MethodSpec>([
  ['val', snapshotMethod('any', (s) => s.val())],
  ['child', snapshotMethod('snapshot', (s, a) => s.child(a[0] as Value), ['string'])],
  ['parent', snapshotMethod('snapshot', (s) => s.parent())],
  ['hasChild', snapshotMethod('boolean', (s, a) => s.hasChild(a[0] as Value), ['string'])],
  [
    'hasChildren',
    snapshotMethod('boolean', (s, a) => s.hasChildren(a[0] as Value[] | undefined), ['keys'], 1),
  ],
  ['exists', snapshotMethod('boolean', (s) => s.exists())],
  ['getPriority', snapshotMethod('any', (s) => s.getPriority())],
  ['isNumber', snapshotMethod('boolean', (s) => s.isNumber())],
  ['isString', snapshotMethod('boolean', (s) => s.isString())],
  ['isBoolean', snapshotMethod('boolean', (s) => s.isBoolean())],
]);

const STRING_METHODS = new Map<string, MethodSpec>([
  ['contains', stringMethod('boolean', (t, a) => t.includes(stringArg(a, 0)), ['string'])],
  ['beginsWith', stringMethod('boolean', (t, a) => t.startsWith(stringArg(a, 0)), ['string'])],
  ['endsWith', stringMethod('boolean', (t, a) => t.endsWith(stringArg(a, 0)), ['string'])],
  [
    'replace',
    stringMethod(
      'string',
      // A replacer function keeps `$&` and friends in the replacement literal.
      (t, a) => {
        const replacement = stringArg(a, 1);
        return t.replaceAll(stringArg(a, 0), () => replacement);
      },
      ['string', 'string'],
    ),
  ],
  ['toLowerCase', stringMethod('string', (t) => t.toLowerCase())],
  ['toUpperCase', stringMethod('string', (t) => t.toUpperCase())],
  ['matches', stringMethod('boolean', (t, a) => (a[0] as RegExp).test(t), ['regex'])],
]);

/** The method of that name for a receiver of the given static type, or undefined. */
export function findMethod(receiver: StaticType, name: string): MethodSpec | undefined {
  if (receiver === 'snapshot') return SNAPSHOT_METHODS.get(name);
  if (receiver === 'string') return STRING_METHODS.get(name);
  if (receiver === 'any') return SNAPSHOT_METHODS.get(name) ?? STRING_METHODS.get(name);
  return undefined;
}

/** Runs a method whose receiver type is only known at run time. */
export function invokeMethod(name: string, receiver: Value, args: readonly MethodArg[]): Value {
  let spec: MethodSpec | undefined;
  if (receiver instanceof RuleSnapshot) spec = SNAPSHOT_METHODS.get(name);
  else if (typeof receiver === 'string') spec = STRING_METHODS.get(name);
  else return fail(`Cannot call ${name}() on ${describeValue(receiver)}`);
  if (!spec) return fail(`${describeValue(receiver)} has no method ${name}()`);
  return spec.invoke(receiver as never, args);
}
