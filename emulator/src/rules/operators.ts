/** Binary operators: static type checks plus the run-time rules (no coercion anywhere). */
import type { BinaryOperator } from './ast';
import { ExpressionError } from './lexer';
import type { StaticType } from './methods';
import { describeValue, fail, type Evaluator, type Value } from './values';

export interface Compiled {
  type: StaticType;
  run: Evaluator;
}

export type Checked = Compiled & { offset: number };

export function expectType(operand: Checked, allowed: readonly StaticType[], what: string): void {
  if (operand.type !== 'any' && !allowed.includes(operand.type))
    throw new ExpressionError(`${what} cannot be applied to a ${operand.type}`, operand.offset);
}

export function asBoolean(value: Value, operator: string): boolean {
  if (typeof value !== 'boolean')
    fail(`'${operator}' needs a boolean, not ${describeValue(value)}`);
  return value;
}

function asNumber(value: Value, operator: string): number {
  if (typeof value !== 'number') fail(`'${operator}' needs numbers, not ${describeValue(value)}`);
  return value;
}

const concatenable = (v: Value): v is string | number =>
  typeof v === 'string' || typeof v === 'number';

function add(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if ((typeof a === 'string' || typeof b === 'string') && concatenable(a) && concatenable(b))
    return String(a) + String(b);
  return fail(`Cannot add ${describeValue(a)} and ${describeValue(b)}`);
}

const ARITHMETIC: Partial<Record<BinaryOperator, (a: number, b: number) => number>> = {
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  // Division by zero gives NaN rather than Infinity, as recorded from the real rules engine.
  '/': (a, b) => (b === 0 ? NaN : a / b),
  '%': (a, b) => a % b,
};

const RELATIONAL: Partial<
  Record<BinaryOperator, (a: string | number, b: string | number) => boolean>
> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

function logical(operator: '&&' | '||', l: Evaluator, r: Evaluator): Evaluator {
  if (operator === '&&') return (ctx) => asBoolean(l(ctx), '&&') && asBoolean(r(ctx), '&&');
  return (ctx) => asBoolean(l(ctx), '||') || asBoolean(r(ctx), '||');
}

function addType(left: StaticType, right: StaticType): StaticType {
  if (left === 'number' && right === 'number') return 'number';
  return left === 'string' || right === 'string' ? 'string' : 'any';
}

export function compileBinary(operator: BinaryOperator, left: Checked, right: Checked): Compiled {
  const [l, r] = [left.run, right.run];
  const what = `'${operator}'`;
  switch (operator) {
    case '&&':
    case '||':
      expectType(left, ['boolean'], what);
      expectType(right, ['boolean'], what);
      return { type: 'boolean', run: logical(operator, l, r) };
    case '==':
    case '===':
    case '!=':
    case '!==': {
      const equalTypes: StaticType[] = ['boolean', 'number', 'string', 'null'];
      expectType(left, equalTypes, what);
      expectType(right, equalTypes, what);
      // Strict identity: no coercion, and NaN equals nothing.
      const negate = operator.startsWith('!');
      return { type: 'boolean', run: (ctx) => (l(ctx) === r(ctx)) !== negate };
    }
    case '+':
      expectType(left, ['number', 'string'], what);
      expectType(right, ['number', 'string'], what);
      return { type: addType(left.type, right.type), run: (ctx) => add(l(ctx), r(ctx)) };
    default:
      break;
  }
  const arithmetic = ARITHMETIC[operator];
  if (arithmetic) {
    expectType(left, ['number'], what);
    expectType(right, ['number'], what);
    return {
      type: 'number',
      run: (ctx) => arithmetic(asNumber(l(ctx), operator), asNumber(r(ctx), operator)),
    };
  }
  const compare = RELATIONAL[operator];
  if (!compare) throw new ExpressionError(`Unsupported operator ${what}`, left.offset);
  expectType(left, ['number', 'string'], what);
  expectType(right, ['number', 'string'], what);
  if (left.type !== 'any' && right.type !== 'any' && left.type !== right.type)
    throw new ExpressionError(
      `${what} cannot compare a ${left.type} with a ${right.type}`,
      left.offset,
    );
  return {
    type: 'boolean',
    run: (ctx) => {
      const [a, b] = [l(ctx), r(ctx)];
      if (
        (typeof a === 'number' && typeof b === 'number') ||
        (typeof a === 'string' && typeof b === 'string')
      )
        return compare(a, b);
      return fail(`${what} cannot compare ${describeValue(a)} with ${describeValue(b)}`);
    },
  };
}
