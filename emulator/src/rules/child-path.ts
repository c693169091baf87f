/**
 * `child()` and `hasChild()` with a path built by concatenation, as the app's rules name
 * locations: `root.child('sendMessage/' + $conversationId + '/' + $msgId + '/messagesenderId')`. Built
 * and split at every evaluation, such a path cost a new string, its flattening and hashing and a
 * split; split once when the rules are compiled, the look-up walks the segments directly. A
 * part whose value could change how the text splits (a number, an empty string, a '/', an
 * invalid key) takes the original route, so every result and error stays the same.
 */
import type { Expr } from './ast';
import { type RuleSnapshot, isPlainChildKey } from './snapshot';
import type { EvalContext, Evaluator, Value } from './values';

/** A path segment: known text, or a part of the concatenation that is one whole segment. */
export type Segment = string | Evaluator;

/** `'a/' + x + '/b'` as its parts, left to right, when it starts with a string literal. */
function concatParts(expr: Expr): Expr[] | null {
  const parts: Expr[] = [];
  let e = expr;
  while (e.kind === 'binary' && e.operator === '+') {
    parts.unshift(e.right);
    e = e.left;
  }
  // Only a string first makes every '+' a concatenation (number + number would add).
  if (e.kind !== 'literal' || typeof e.value !== 'string' || parts.length === 0) return null;
  parts.unshift(e);
  return parts;
}

/**
 * The segments of a concatenated path, or null when it is not one (no dynamic part, a dynamic
 * part sharing its segment with other text, a literal segment that is not a valid key).
 */
export function pathTemplate(expr: Expr, compile: (e: Expr) => Evaluator): Segment[] | null {
  const parts = concatParts(expr);
  if (!parts) return null;
  const segments: Segment[] = [];
  let text = '';
  let dynamic: Evaluator | null = null;
  const close = (): boolean => {
    if (dynamic) segments.push(dynamic);
    else if (text !== '') {
      if (!isPlainChildKey(text)) return false;
      segments.push(text);
    }
    text = '';
    dynamic = null;
    return true;
  };
  for (const part of parts) {
    if (part.kind !== 'literal') {
      if (dynamic || text !== '') return null;
      dynamic = compile(part);
      continue;
    }
    if (typeof part.value !== 'string') return null;
    const pieces = part.value.split('/');
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0 && !close()) return null;
      if (pieces[i] === '') continue;
      if (dynamic) return null;
      text += pieces[i];
    }
  }
  if (!close()) return null;
  return segments.some((s) => typeof s !== 'string') ? segments : null;
}

/** The segments' keys, or null when a dynamic part's value is not a plain key. */
function resolveSegments(segments: Segment[], ctx: EvalContext): string[] | null {
  const keys: string[] = [];
  for (const s of segments) {
    if (typeof s === 'string') keys.push(s);
    else {
      const value = s(ctx);
      if (typeof value !== 'string' || !isPlainChildKey(value)) return null;
      keys.push(value);
    }
  }
  return keys;
}

/**
 * `receiver.child(path)` or `receiver.hasChild(path)` by the template's segments; `fallback`
 * (the call as written) when a dynamic part's value is not a plain key.
 */
export function lookupBySegments(
  receiver: Evaluator,
  template: Segment[],
  method: 'child' | 'hasChild',
  fallback: Evaluator,
): Evaluator {
  const hasChild = method === 'hasChild';
  return (ctx: EvalContext): Value => {
    // The receiver first, as the call as written evaluates it (the first error is the one told).
    const snapshot = receiver(ctx) as RuleSnapshot;
    const keys = resolveSegments(template, ctx);
    if (!keys) return fallback(ctx);
    return hasChild ? snapshot.hasDescendant(keys) : snapshot.descendant(keys);
  };
}
