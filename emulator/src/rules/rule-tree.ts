/** Builds the tree of compiled rules from the parsed ruleset file, rejecting anything malformed. */
import { compileExpressionTree } from './compile-expr';
import { RulesSyntaxError } from './contract';
import type { JsonEntry, JsonNode, SourcePos } from './lenient-json';
import { ExpressionError } from './lexer';
import { parseExpression } from './parser';
import { RuleEvalError, type EvalContext } from './values';

type RuleKind = '.read' | '.write' | '.validate';

interface Rule {
  /** The expression text, for denial reasons. */
  source: string;
  /** Evaluates the rule; an evaluation error counts as false and its message goes to `errors`. */
  test(ctx: EvalContext, errors: string[]): boolean;
}

export interface RuleNode {
  read?: Rule;
  write?: Rule;
  validate?: Rule;
  indexOn: readonly string[];
  children: ReadonlyMap<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
  /** Whether this node or any below it has a .validate rule; lets writes skip rule-free subtrees. */
  validatesSubtree: boolean;
}

type RuleProperty = 'read' | 'write' | 'validate';
const RULE_PROPERTIES = new Map<string, RuleProperty>([
  ['.read', 'read'],
  ['.write', 'write'],
  ['.validate', 'validate'],
]);

const WILDCARD_NAME = /^\$[A-Za-z0-9_]+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what keys may not hold
const INVALID_SEGMENT = /[.#$/[\]\u0000-\u001f\u007f]/;

function syntaxError(message: string, pos: SourcePos): never {
  throw new RulesSyntaxError(message, pos.line, pos.column);
}

function constantRule(value: boolean): Rule {
  return { source: String(value), test: () => value };
}

function compileRule(kind: RuleKind, node: JsonNode, captures: ReadonlySet<string>): Rule {
  if (node.kind === 'boolean') return constantRule(node.value);
  if (node.kind !== 'string') syntaxError(`${kind} must be a string or a boolean`, node);
  const source = node.value;
  let run: ReturnType<typeof compileExpressionTree>;
  try {
    run = compileExpressionTree(parseExpression(source), {
      captures,
      allowNewData: kind !== '.read',
    });
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    const at = `at character ${error.offset + 1} of ${JSON.stringify(source)}`;
    return syntaxError(`Invalid ${kind} rule: ${error.message} (${at})`, node);
  }
  return {
    source,
    test(ctx, errors) {
      try {
        return run(ctx) === true;
      } catch (error) {
        if (!(error instanceof RuleEvalError)) throw error;
        errors.push(`${kind} ${JSON.stringify(source)}: ${error.message}`);
        return false;
      }
    },
  };
}

function compileIndexOn(node: JsonNode): string[] {
  const items = node.kind === 'array' ? node.items : [node];
  return items.map((item) => {
    if (item.kind !== 'string' || item.value === '')
      syntaxError('.indexOn must be a non-empty string or an array of them', item);
    return item.value;
  });
}

function buildNode(object: JsonNode, captures: ReadonlySet<string>): RuleNode {
  if (object.kind !== 'object') return syntaxError('Expected an object of rules', object);
  const wildcardEntry = findWildcard(object.entries, captures);
  const ownCaptures = wildcardEntry ? new Set([...captures, wildcardEntry.key]) : captures;
  const node: Partial<Pick<RuleNode, RuleProperty>> = {};
  let indexOn: readonly string[] = [];
  let wildcard: RuleNode['wildcard'];
  const children = new Map<string, RuleNode>();
  for (const entry of object.entries) {
    const { key, keyPos, value } = entry;
    const property = RULE_PROPERTIES.get(key);
    if (property) node[property] = compileRule(key as RuleKind, value, captures);
    else if (key === '.indexOn') indexOn = compileIndexOn(value);
    else if (key.startsWith('.')) syntaxError(`Unknown rule type ${JSON.stringify(key)}`, keyPos);
    else if (entry === wildcardEntry) wildcard = { name: key, node: buildNode(value, ownCaptures) };
    else if (key === '' || INVALID_SEGMENT.test(key))
      syntaxError(`Invalid key ${JSON.stringify(key)} in rules`, keyPos);
    else children.set(key, buildNode(value, captures));
  }
  const validatesSubtree =
    node.validate !== undefined ||
    wildcard?.node.validatesSubtree === true ||
    [...children.values()].some((child) => child.validatesSubtree);
  return { ...node, indexOn, children, wildcard, validatesSubtree };
}

/** The level's `$wildcard` entry, after checking there is at most one and that its name is new. */
function findWildcard(
  entries: readonly JsonEntry[],
  captures: ReadonlySet<string>,
): JsonEntry | undefined {
  const wildcards = entries.filter((entry) => entry.key.startsWith('$'));
  const [first, second] = [wildcards.at(0), wildcards.at(1)];
  if (second) syntaxError('Only one $wildcard is allowed at each level', second.keyPos);
  if (!first) return undefined;
  if (!WILDCARD_NAME.test(first.key))
    syntaxError(`Invalid wildcard name ${JSON.stringify(first.key)}`, first.keyPos);
  if (captures.has(first.key))
    syntaxError(`Wildcard ${first.key} is already used by an ancestor`, first.keyPos);
  return first;
}

/** Builds the rule tree from the whole document, which must be `{ "rules": { … } }`. */
export function buildRuleTree(document: JsonNode): RuleNode {
  if (document.kind !== 'object')
    return syntaxError('Expected an object with key "rules"', document);
  let rules: JsonNode | undefined;
  for (const { key, keyPos, value } of document.entries) {
    if (key !== 'rules') syntaxError(`Unexpected top-level key ${JSON.stringify(key)}`, keyPos);
    rules = value;
  }
  if (!rules) return syntaxError('Missing top-level key "rules"', document);
  return buildNode(rules, new Set());
}
