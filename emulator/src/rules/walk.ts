/** The read/write/validate semantics: which rules apply to a request, and how they combine. */
import type {
  CompiledRules,
  DataView,
  QueryVars,
  ReadRequest,
  RuleDecision,
  WriteRequest,
} from './contract';
import type { RuleNode } from './rule-tree';
import { RuleSnapshot } from './snapshot';
import type { EvalContext, RequestSnapshots } from './values';

/** What `query` holds for a plain listen or get: nothing ordered, nothing bounded. */
export const DEFAULT_QUERY: QueryVars = Object.freeze({
  orderByKey: false,
  orderByPriority: false,
  orderByValue: false,
  orderByChild: null,
  startAt: null,
  endAt: null,
  equalTo: null,
  limitToFirst: null,
  limitToLast: null,
});

const ALLOWED: RuleDecision = Object.freeze({ allowed: true });
type Captures = Readonly<Record<string, string>>;
const NO_CAPTURES: Captures = Object.freeze({});

/** One step down the rule tree along a path, with the data on both sides of the write there. */
interface Level {
  node: RuleNode;
  path: readonly string[];
  data: DataView;
  newData: DataView | null;
  captures: Captures;
  /** Levels built below this one for the request's other paths (12 share a chat send's). */
  below: Map<string, Level> | null;
}

function formatPath(path: readonly string[]): string {
  return `/${path.join('/')}`;
}

function deny(reason: string, errors: readonly string[]): RuleDecision {
  const detail = errors.length > 0 ? ` (${errors.slice(0, 3).join('; ')})` : '';
  return { allowed: false, reason: reason + detail };
}

/** A priority write at `p/.priority` is governed by the rules of `p`. */
function ownerPath(path: readonly string[]): readonly string[] {
  return path.at(-1) === '.priority' ? path.slice(0, -1) : path;
}

/** The rule node for `key`: a named child wins over the wildcard, which captures the key. */
function step(node: RuleNode, key: string, captures: Captures) {
  const named = node.children.get(key);
  if (named) return { node: named, captures };
  const wildcard = node.wildcard;
  if (!wildcard) return undefined;
  return { node: wildcard.node, captures: { ...captures, [wildcard.name]: key } };
}

function rootLevel(tree: RuleNode, root: DataView, newRoot: DataView | null): Level {
  return { node: tree, path: [], data: root, newData: newRoot, captures: NO_CAPTURES, below: null };
}

/**
 * The rule nodes from the root towards `path`, stopping where the rules stop. With `share`, the
 * levels are kept below their parents for the other paths of the request (see Level.below).
 */
function chain(path: readonly string[], root: Level, share: boolean): Level[] {
  const levels: Level[] = [root];
  let parent = root;
  for (let depth = 0; depth < path.length; depth++) {
    const key = path[depth];
    let level = parent.below?.get(key);
    if (!level) {
      const next = step(parent.node, key, parent.captures);
      if (!next) break;
      level = {
        node: next.node,
        path: path.slice(0, depth + 1),
        data: parent.data.child(key),
        newData: parent.newData ? parent.newData.child(key) : null,
        captures: next.captures,
        below: null,
      };
      if (share) (parent.below ??= new Map()).set(key, level);
    }
    levels.push(level);
    parent = level;
  }
  return levels;
}

export class RuleEngine implements CompiledRules {
  constructor(private readonly tree: RuleNode) {}

  canRead(request: ReadRequest): RuleDecision {
    const path = ownerPath(request.path);
    const query = request.query ?? DEFAULT_QUERY;
    const errors: string[] = [];
    for (const level of chain(path, rootLevel(this.tree, request.root, null), false)) {
      const rule = level.node.read;
      if (rule?.test(this.context(request, query, null, level), errors)) return ALLOWED;
    }
    return deny(`No .read rule allowed reading ${formatPath(path)}`, errors);
  }

  canWrite(write: WriteRequest): RuleDecision {
    const request: WriteRequest & { snapshots: RequestSnapshots } = {
      ...write,
      snapshots: {
        root: new RuleSnapshot(write.root, [], write.root),
        newRoot: new RuleSnapshot(write.newRoot, [], write.newRoot),
      },
    };
    const paths = request.paths.map(ownerPath);
    const errors: string[] = [];
    const root = rootLevel(this.tree, request.root, request.newRoot);
    const chains = paths.map((path) => chain(path, root, true));
    // An update's paths share ancestors, and a .write at one location sees the same data and
    // captures whichever written path led to it: each is evaluated once per request.
    const writeDecisions = new Map<Level, boolean>();
    const writeAllows = (level: Level): boolean => {
      const rule = level.node.write;
      if (!rule) return false;
      let allowed = writeDecisions.get(level);
      if (allowed === undefined) {
        allowed = rule.test(this.context(request, DEFAULT_QUERY, request.newRoot, level), errors);
        writeDecisions.set(level, allowed);
      }
      return allowed;
    };
    for (const [i, levels] of chains.entries()) {
      const granted = levels.some(writeAllows);
      if (!granted) return deny(`No .write rule allowed writing ${formatPath(paths[i])}`, errors);
    }
    // An update's paths share ancestors; each ancestor's .validate needs to run only once.
    const validated = new Set<Level>();
    for (const [i, levels] of chains.entries()) {
      for (const level of levels) {
        if (validated.has(level)) continue;
        validated.add(level);
        const failure = this.validateLevel(request, level, errors);
        if (failure) return failure;
      }
      const last = levels[levels.length - 1];
      if (last.path.length === paths[i].length) {
        const failure = this.validateBelow(request, last, errors);
        if (failure) return failure;
      }
    }
    return ALLOWED;
  }

  indexOn(path: string[]): string[] {
    let node: RuleNode | undefined = this.tree;
    for (const key of path) {
      node = step(node, key, NO_CAPTURES)?.node;
      if (!node) return [];
    }
    return [...node.indexOn];
  }

  private context(
    request: (ReadRequest | WriteRequest) & { snapshots?: RequestSnapshots },
    query: QueryVars,
    newRoot: DataView | null,
    level: Level,
  ): EvalContext {
    return {
      snapshots: request.snapshots,
      auth: request.auth,
      query,
      now: request.now,
      root: request.root,
      newRoot,
      path: level.path,
      data: level.data,
      newData: level.newData,
      captures: level.captures,
      memo: undefined,
    };
  }

  /** Runs the level's .validate unless the write leaves nothing there (deletes are not validated). */
  private validateLevel(
    request: WriteRequest,
    level: Level,
    errors: string[],
  ): RuleDecision | null {
    const rule = level.node.validate;
    if (!rule || !level.newData?.exists()) return null;
    const ctx = this.context(request, DEFAULT_QUERY, request.newRoot, level);
    if (rule.test(ctx, errors)) return null;
    return deny(`.validate failed at ${formatPath(level.path)}: ${rule.source}`, errors);
  }

  /** Validates every node of the written subtree that has both a rule node and new data. */
  private validateBelow(
    request: WriteRequest,
    level: Level,
    errors: string[],
  ): RuleDecision | null {
    const { node, newData } = level;
    if (!newData || !node.validatesSubtree) return null;
    for (const [key, child] of node.children) {
      const failure = this.validateChild(request, level, key, child, level.captures, errors);
      if (failure) return failure;
    }
    const wildcard = node.wildcard;
    if (!wildcard?.node.validatesSubtree) return null;
    for (const key of newData.childKeys()) {
      if (node.children.has(key)) continue;
      const captures = { ...level.captures, [wildcard.name]: key };
      const failure = this.validateChild(request, level, key, wildcard.node, captures, errors);
      if (failure) return failure;
    }
    return null;
  }

  /** validateBelow for the child `key` of `level`, governed by the rule node `child`. */
  private validateChild(
    request: WriteRequest,
    level: Level,
    key: string,
    child: RuleNode,
    captures: Captures,
    errors: string[],
  ): RuleDecision | null {
    if (!child.validatesSubtree || !level.newData) return null;
    // Most rule children are absent from a write (a message's 15 rule keys, 6 written).
    const newData = level.newData.child(key);
    if (!newData.exists()) return null;
    const below: Level = {
      node: child,
      path: [...level.path, key],
      data: level.data.child(key),
      newData,
      captures,
      below: null,
    };
    return this.validateLevel(request, below, errors) ?? this.validateBelow(request, below, errors);
  }
}
