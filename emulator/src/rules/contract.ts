/**
 * The contract between the emulator's core (data tree, protocol) and its rules engine.
 * The core owns the data; the engine only looks at it through DataView.
 */

/** A read-only view of one node of a data tree. Views of absent nodes exist and are empty. */
export interface DataView {
  /** The child at a single key (never a multi-segment path); an empty view when absent. */
  child(key: string): DataView;
  /** True when the node holds a leaf value or at least one child. */
  exists(): boolean;
  /** The leaf value, or null for empty nodes and nodes with children. */
  leafValue(): string | number | boolean | null;
  /** Keys of the children (unordered is fine); empty for leaves and empty nodes. */
  childKeys(): string[];
  /** The node's priority, or null. */
  priority(): string | number | null;
}

/** The rules `auth` variable (docs/rules.md, "auth"), or null when signed out. */
export interface AuthVar {
  uid: string | null;
  provider: string | null;
  token: Record<string, unknown>;
}

/** The rules `query` variable (docs/rules.md, "query"), derived from a listen/get. */
export interface QueryVars {
  orderByKey: boolean;
  orderByPriority: boolean;
  orderByValue: boolean;
  orderByChild: string | null;
  startAt: string | number | boolean | null;
  endAt: string | number | boolean | null;
  equalTo: string | number | boolean | null;
  limitToFirst: number | null;
  limitToLast: number | null;
}

export interface ReadRequest {
  /** Path segments from the root, e.g. ['users', 'abc']; [] is the root. */
  path: string[];
  root: DataView;
  auth: AuthVar | null;
  /** null for a default (unfiltered) listen or get. */
  query: QueryVars | null;
  now: number;
}

export interface WriteRequest {
  /** Every location written by one atomic operation (one for set, one per key for update). */
  paths: string[][];
  /** The root before the write. */
  root: DataView;
  /** The root after the whole write (all paths applied), server values resolved. */
  newRoot: DataView;
  auth: AuthVar | null;
  now: number;
}

export interface RuleDecision {
  allowed: boolean;
  /** Why it was refused, for logs and the `sd` debug push; never shown to clients as data. */
  reason?: string;
}

export interface CompiledRules {
  canRead(request: ReadRequest): RuleDecision;
  /** Checks .write on each path's chain and .validate on every node with non-null new data. */
  canWrite(request: WriteRequest): RuleDecision;
  /** The .indexOn fields declared at a path (for `no_index` warnings); [] if none. */
  indexOn(path: string[]): string[];
}

export class RulesSyntaxError extends Error {
  override name = 'RulesSyntaxError';
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} (line ${line}, column ${column})`);
  }
}

/**
 * Implemented in ./index.ts by the rules engine:
 *   export function compileRules(text: string): CompiledRules   // throws RulesSyntaxError
 *   export const closedRules: CompiledRules                    // a namespace with no rules loaded
 */
