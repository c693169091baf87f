/**
 * Subexpressions a rule repeats, evaluated once per evaluation of the rule. The app's rules name
 * the same locations again and again (the inbox entry's `.validate` looks the new message up
 * through `newData.parent().parent().parent().child('sendMessage/' + $conversationId + '/' + …)` eight
 * times); every value in an expression depends only on the evaluation's context, so the second
 * occurrence can reuse the first's value without changing any result.
 */
import type { Expr } from './ast';
import { ObjectSentinel, type EvalContext, type Evaluator, type Value } from './values';

/** A structural key: two subexpressions with the same key compute the same value. */
function exprKey(expr: Expr, keys: WeakMap<Expr, string>): string {
  let key = keys.get(expr);
  if (key !== undefined) return key;
  const k = (e: Expr): string => exprKey(e, keys);
  switch (expr.kind) {
    case 'literal':
      key = `L${JSON.stringify(expr.value)}`;
      break;
    case 'variable':
      key = `V${expr.name}`;
      break;
    case 'member':
      key = `M(${k(expr.object)}).${JSON.stringify(expr.property)}`;
      break;
    case 'index':
      key = `I(${k(expr.object)})[${k(expr.index)}]`;
      break;
    case 'call':
      key = `C(${k(expr.object)}).${expr.method}(${expr.args.map(k).join(',')})`;
      break;
    case 'array':
      key = `A[${expr.items.map(k).join(',')}]`;
      break;
    case 'regex':
      key = `R${JSON.stringify([expr.pattern, expr.flags])}`;
      break;
    case 'unary':
      key = `U${expr.operator}(${k(expr.operand)})`;
      break;
    case 'binary':
      key = `B(${k(expr.left)})${expr.operator}(${k(expr.right)})`;
      break;
    case 'conditional':
      key = `Q(${k(expr.test)})?(${k(expr.consequent)}):(${k(expr.alternate)})`;
      break;
  }
  keys.set(expr, key);
  return key;
}

/**
 * Look-ups and concatenations: what is worth remembering. Of the variables, only `data` and
 * `newData`, each a walk from the root to the rule's location; a literal never is.
 */
function worthRemembering(expr: Expr): boolean {
  return (
    (expr.kind === 'variable' && (expr.name === 'data' || expr.name === 'newData')) ||
    expr.kind === 'call' ||
    expr.kind === 'member' ||
    expr.kind === 'index' ||
    (expr.kind === 'binary' && expr.operator === '+')
  );
}

function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'member':
      return [expr.object];
    case 'index':
      return [expr.object, expr.index];
    case 'call':
      return [expr.object, ...expr.args];
    case 'array':
      return expr.items;
    case 'unary':
      return [expr.operand];
    case 'binary':
      return [expr.left, expr.right];
    case 'conditional':
      return [expr.test, expr.consequent, expr.alternate];
    default:
      return [];
  }
}

/** Slots for the subexpressions of `root` that occur more than once, by key. */
export function repeatedSlots(root: Expr, keys: WeakMap<Expr, string>): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (e: Expr): void => {
    if (worthRemembering(e)) {
      const key = exprKey(e, keys);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const c of children(e)) visit(c);
  };
  visit(root);
  const slots = new Map<string, number>();
  for (const [key, n] of counts) if (n > 1) slots.set(key, slots.size);
  return slots;
}

/** One rule's structural keys and the memory slots of its repeated subexpressions. */
export interface Repeats {
  keys: WeakMap<Expr, string>;
  slots: Map<string, number>;
}

/** `compiled`, remembering its value when `expr` is one of the rule's repeated subexpressions. */
export function rememberIfRepeated<C extends { type: unknown; run: Evaluator }>(
  expr: Expr,
  compiled: C,
  repeats: Repeats | undefined,
): C {
  const slot = repeats?.slots.get(exprKey(expr, repeats.keys));
  return slot === undefined ? compiled : { ...compiled, run: remembered(compiled.run, slot) };
}

/**
 * `run`, remembering its value in `slot` for the rest of this evaluation. An error is not
 * remembered (it fails the whole rule anyway), nor is an object's `val()`: each of those is a
 * fresh value that equals nothing, not even another `val()` of the same node.
 */
function remembered(run: Evaluator, slot: number): Evaluator {
  return (ctx: EvalContext): Value => {
    const memo = ctx.memo;
    if (!memo) return run(ctx);
    const known = memo[slot];
    if (known !== undefined) return known;
    const value = run(ctx);
    if (!(value instanceof ObjectSentinel)) memo[slot] = value;
    return value;
  };
}

/** The whole rule: a fresh memory for each evaluation (slots are this rule's own). */
export function withMemory(run: Evaluator, slots: number): Evaluator {
  if (slots === 0) return run;
  return (ctx: EvalContext): Value => {
    ctx.memo = new Array<Value | undefined>(slots);
    return run(ctx);
  };
}
