/** The rules engine's public surface: compile a ruleset file once, then ask it about requests. */
import type { CompiledRules } from './contract';
import { parseLenientJson } from './lenient-json';
import { buildRuleTree } from './rule-tree';
import { RuleEngine } from './walk';

// Every type of the contract is public; naming them again here would only drift from it.
export type * from './contract';
export { viewFromJson } from './json-view';
export { DEFAULT_QUERY } from './walk';

/** Parses and compiles a ruleset; throws RulesSyntaxError (with line and column) if it is invalid. */
export function compileRules(text: string): CompiledRules {
  return new RuleEngine(buildRuleTree(parseLenientJson(text)));
}

/** What a namespace enforces before any rules are loaded: nothing is readable or writable. */
export const closedRules: CompiledRules = {
  canRead: () => ({ allowed: false, reason: 'No rules are loaded (closed by default)' }),
  canWrite: () => ({ allowed: false, reason: 'No rules are loaded (closed by default)' }),
  indexOn: () => [],
};
