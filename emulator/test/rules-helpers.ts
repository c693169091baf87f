/** Shared helpers for the rules-engine unit tests: requests built from plain JSON. */
import type { AuthVar, CompiledRules, QueryVars } from '../src/rules/contract';
import { compileRules, DEFAULT_QUERY, viewFromJson } from '../src/rules/index';

export const NOW = 1_700_000_000_000;

export interface RequestOptions {
  auth?: AuthVar | null;
  query?: Partial<QueryVars> | null;
  now?: number;
}

export function user(uid: string, claims: Record<string, unknown> = {}): AuthVar {
  const token = { sub: uid, user_id: uid, firebase: { sign_in_provider: 'password' }, ...claims };
  const firebase = token.firebase as { sign_in_provider?: string };
  return { uid, provider: firebase.sign_in_provider ?? null, token };
}

/** Rules given as an object of `{ rules }` content, or as raw text. */
export function rulesOf(rules: object | string): CompiledRules {
  return compileRules(typeof rules === 'string' ? rules : JSON.stringify({ rules }));
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function fullQuery(query: Partial<QueryVars>): QueryVars {
  return { ...DEFAULT_QUERY, ...query };
}

export function canRead(
  rules: CompiledRules,
  path: string,
  data: unknown,
  options: RequestOptions = {},
): boolean {
  return explainRead(rules, path, data, options).allowed;
}

export function explainRead(
  rules: CompiledRules,
  path: string,
  data: unknown,
  options: RequestOptions = {},
) {
  return rules.canRead({
    path: segments(path),
    root: viewFromJson(data),
    auth: options.auth ?? null,
    query: options.query ? fullQuery(options.query) : null,
    now: options.now ?? NOW,
  });
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base =
    typeof root === 'object' && root !== null ? { ...(root as Record<string, unknown>) } : {};
  base[head] = setAt(base[head], rest, value);
  return base;
}

/** Applies each `path → value` (null deletes) to `data` and asks whether that write is allowed. */
export function explainWrite(
  rules: CompiledRules,
  data: unknown,
  writes: Record<string, unknown>,
  options: RequestOptions = {},
) {
  let after: unknown = structuredClone(data);
  for (const [path, value] of Object.entries(writes)) after = setAt(after, segments(path), value);
  return rules.canWrite({
    paths: Object.keys(writes).map(segments),
    root: viewFromJson(data),
    newRoot: viewFromJson(after),
    auth: options.auth ?? null,
    now: options.now ?? NOW,
  });
}

export function canWrite(
  rules: CompiledRules,
  path: string,
  data: unknown,
  value: unknown,
  options: RequestOptions = {},
): boolean {
  return explainWrite(rules, data, { [path]: value }, options).allowed;
}

/** Evaluates one expression as a `.write` rule at `/x/y` (so parent() and $vars are usable). */
export function evaluates(
  expression: string,
  options: RequestOptions & { data?: unknown; value?: unknown } = {},
): boolean {
  const rules = rulesOf({ $a: { $b: { '.write': expression } } });
  return canWrite(rules, '/x/y', options.data ?? null, options.value ?? 'v', options);
}
