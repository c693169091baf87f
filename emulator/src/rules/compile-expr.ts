/**
 * Turns a parsed rule expression into a closure, once, when the rules are loaded. Types are checked
 * statically where they are known (literals, snapshots, method results) so that obvious mistakes are
 * rejected at upload; what depends on data or `auth` is checked at run time and fails the rule.
 */
import type { Expr } from './ast';
import { ExpressionError } from './lexer';
import { findMethod, invokeMethod, type MethodArg, type StaticType } from './methods';
import { compileRegex, RegexSyntaxError } from './regex';
import { RuleSnapshot } from './snapshot';
import { lookupBySegments, pathTemplate } from './child-path';
import { type Repeats, rememberIfRepeated, repeatedSlots, withMemory } from './repeats';
import { asBoolean, compileBinary, expectType, type Checked, type Compiled } from './operators';
import {
  describeValue,
  fail,
  getMember,
  type EvalContext,
  type Evaluator,
  type Value,
} from './values';

export interface CompileScope {
  /** Names (with `$`) of the wildcards above and at the rule's location. */
  captures: ReadonlySet<string>;
  /** `.read` rules cannot see `newData`. */
  allowNewData: boolean;
  /** The rule's repeated subexpressions and their memory slots, set per rule. */
  repeats?: Repeats;
}

function compileVariable(name: string, offset: number, scope: CompileScope): Compiled {
  switch (name) {
    case 'auth':
      return { type: 'any', run: (ctx) => ctx.auth as unknown as Value };
    case 'query':
      return { type: 'any', run: (ctx) => ctx.query as unknown as Value };
    case 'now':
      return { type: 'number', run: (ctx) => ctx.now };
    case 'root':
      return {
        type: 'snapshot',
        run: (ctx) => ctx.snapshots?.root ?? new RuleSnapshot(ctx.root, [], ctx.root),
      };
    case 'data':
      return {
        type: 'snapshot',
        run: (ctx) =>
          ctx.snapshots?.root.descendant(ctx.path) ??
          new RuleSnapshot(ctx.root, ctx.path, ctx.data),
      };
    case 'newData':
      if (!scope.allowNewData)
        throw new ExpressionError('newData is not available in .read rules', offset);
      return {
        type: 'snapshot',
        run: (ctx) => {
          if (!ctx.newRoot || !ctx.newData) return fail('newData is not available');
          return (
            ctx.snapshots?.newRoot.descendant(ctx.path) ??
            new RuleSnapshot(ctx.newRoot, ctx.path, ctx.newData)
          );
        },
      };
  }
  if (name.startsWith('$') && scope.captures.has(name)) {
    return { type: 'string', run: (ctx) => ctx.captures[name] ?? null };
  }
  throw new ExpressionError(`Unknown variable '${name}'`, offset);
}

function checkMemberTarget(object: Checked, property: string | null): void {
  if (object.type === 'snapshot') {
    const hint = property !== null ? ` (did you mean ${property}()?)` : '';
    throw new ExpressionError(`Snapshots have no properties${hint}`, object.offset);
  }
  if (object.type === 'string' && property !== 'length')
    throw new ExpressionError(`Strings have no property '${property ?? '[…]'}'`, object.offset);
  expectType(object, ['string'], 'Property access');
}

/** Shared by every call without arguments (`val()`, `exists()`): methods never change it. */
const NO_ARGS: readonly MethodArg[] = Object.freeze([]);

function compileCall(expr: Extract<Expr, { kind: 'call' }>, scope: CompileScope): Compiled {
  const receiver = compileChecked(expr.object, scope);
  const spec = findMethod(receiver.type, expr.method);
  if (!spec) {
    const on = receiver.type === 'any' ? 'any value' : `a ${receiver.type}`;
    throw new ExpressionError(`Unknown method ${expr.method}() on ${on}`, expr.offset);
  }
  const { params, optional } = spec;
  if (expr.args.length > params.length || expr.args.length < params.length - optional) {
    const count = optional ? `${params.length - optional} to ${params.length}` : params.length;
    throw new ExpressionError(`${expr.method}() takes ${count} argument(s)`, expr.offset);
  }
  const args = expr.args.map((arg, i) => compileArgument(arg, params[i] ?? 'string', scope));
  const { method } = expr;
  const receiverRun = receiver.run;
  // No closure per call for the common 0 and 1 arguments (rules run on every write).
  const [first] = args;
  const argValues: (ctx: Parameters<typeof receiverRun>[0]) => readonly MethodArg[] =
    args.length === 0
      ? () => NO_ARGS
      : args.length === 1
        ? (ctx) => [first(ctx)]
        : (ctx) => args.map((arg) => arg(ctx));
  const template =
    receiver.type === 'snapshot' && (method === 'child' || method === 'hasChild')
      ? pathTemplate(expr.args[0], (e) => compileNode(e, scope).run)
      : null;
  if (template && (method === 'child' || method === 'hasChild')) {
    const fallback = (ctx: EvalContext): Value =>
      spec.invoke(receiverRun(ctx) as never, [first(ctx)]);
    return { type: spec.returns, run: lookupBySegments(receiverRun, template, method, fallback) };
  }
  if (receiver.type === 'any') {
    return {
      type: spec.returns,
      run: (ctx) => invokeMethod(method, receiverRun(ctx), argValues(ctx)),
    };
  }
  return {
    type: spec.returns,
    run: (ctx) => spec.invoke(receiverRun(ctx) as never, argValues(ctx)),
  };
}

function compileArgument(
  arg: Expr,
  kind: 'string' | 'regex' | 'keys',
  scope: CompileScope,
): (ctx: EvalContext) => MethodArg {
  if (kind === 'regex') {
    if (arg.kind !== 'regex')
      throw new ExpressionError('matches() takes a regular expression literal', arg.offset);
    try {
      const regex = compileRegex(arg.pattern, arg.flags);
      return () => regex;
    } catch (error) {
      if (error instanceof RegexSyntaxError) throw new ExpressionError(error.message, arg.offset);
      throw error;
    }
  }
  if (kind === 'keys') {
    if (arg.kind !== 'array' || arg.items.length === 0)
      throw new ExpressionError('hasChildren() takes a non-empty array of keys', arg.offset);
    const items = arg.items.map((item) => {
      const compiled = compileChecked(item, scope);
      expectType(compiled, ['string'], 'A child key');
      return compiled.run;
    });
    return (ctx) => items.map((item) => item(ctx));
  }
  const compiled = compileChecked(arg, scope);
  expectType(compiled, ['string'], 'This argument');
  return compiled.run;
}

function compileChecked(expr: Expr, scope: CompileScope): Checked {
  return { ...compileNode(expr, scope), offset: expr.offset };
}

function compileNode(expr: Expr, scope: CompileScope): Compiled {
  return rememberIfRepeated(expr, compileOwn(expr, scope), scope.repeats);
}

function compileOwn(expr: Expr, scope: CompileScope): Compiled {
  switch (expr.kind) {
    case 'literal': {
      const { value } = expr;
      const type = value === null ? 'null' : (typeof value as StaticType);
      return { type, run: () => value };
    }
    case 'variable':
      return compileVariable(expr.name, expr.offset, scope);
    case 'member': {
      const object = compileChecked(expr.object, scope);
      checkMemberTarget(object, expr.property);
      const { property } = expr;
      const run = object.run;
      const type = object.type === 'string' ? 'number' : 'any';
      return { type, run: (ctx) => getMember(run(ctx), property) };
    }
    case 'index': {
      const object = compileChecked(expr.object, scope);
      const index = compileChecked(expr.index, scope);
      const staticKey = expr.index.kind === 'literal' ? expr.index.value : null;
      checkMemberTarget(object, typeof staticKey === 'string' ? staticKey : null);
      expectType(index, ['string', 'number'], 'Indexing');
      const run = object.run;
      const key = index.run;
      return { type: 'any', run: (ctx) => getMember(run(ctx), key(ctx)) };
    }
    case 'call':
      return compileCall(expr, scope);
    case 'array':
      throw new ExpressionError(
        'Array literals are only allowed as the argument of hasChildren()',
        expr.offset,
      );
    case 'regex':
      throw new ExpressionError(
        'Regular expressions are only allowed as the argument of matches()',
        expr.offset,
      );
    case 'unary': {
      const operand = compileChecked(expr.operand, scope);
      const run = operand.run;
      if (expr.operator === '!') {
        expectType(operand, ['boolean'], "'!'");
        return { type: 'boolean', run: (ctx) => !asBoolean(run(ctx), '!') };
      }
      expectType(operand, ['number'], "Unary '-'");
      return {
        type: 'number',
        run: (ctx) => {
          const value = run(ctx);
          return typeof value === 'number' ? -value : fail(`Cannot negate ${describeValue(value)}`);
        },
      };
    }
    case 'binary':
      return compileBinary(
        expr.operator,
        compileChecked(expr.left, scope),
        compileChecked(expr.right, scope),
      );
    case 'conditional': {
      const test = compileChecked(expr.test, scope);
      expectType(test, ['boolean'], "The condition of '?:'");
      const consequent = compileNode(expr.consequent, scope);
      const alternate = compileNode(expr.alternate, scope);
      const type = consequent.type === alternate.type ? consequent.type : 'any';
      const [t, c, a] = [test.run, consequent.run, alternate.run];
      return { type, run: (ctx) => (asBoolean(t(ctx), '?:') ? c(ctx) : a(ctx)) };
    }
  }
}

/** Compiles a whole rule; the result must be a boolean, and anything else at run time is false. */
export function compileExpressionTree(expr: Expr, scope: CompileScope): Evaluator {
  const keys = new WeakMap<Expr, string>();
  const slots = repeatedSlots(expr, keys);
  const compiled = compileChecked(expr, { ...scope, repeats: { keys, slots } });
  if (compiled.type !== 'boolean' && compiled.type !== 'any')
    throw new ExpressionError(`Rule must evaluate to a boolean, not a ${compiled.type}`, 0);
  return withMemory(compiled.run, slots.size);
}
