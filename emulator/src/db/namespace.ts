import type { DataNode } from '../data/node';
import type { Path } from '../data/path';
import { TrackingView, coveringPaths, overlapsAny } from '../data/tracking-view';
import { NodeView } from '../data/view';
import { type QuerySpec, loadsAllData, queryVars } from '../query/spec';
import type { CompiledRules, RuleDecision } from '../rules/contract';
import type { Identity } from './identity';
import { ListenSet } from './listen-set';
import { type Listen, type PushCache, pushChanges, pushRevoked } from './listens';

/**
 * Told about every commit, synchronously and in order; `touched` is null for a write that
 * changed nothing. The promise (if any) resolves once the commit is durable.
 */
export type CommitHook = (ns: Namespace, touched: readonly Path[] | null) => Promise<void> | null;

/** One database instance (`ns`): its data, its rules and everyone listening to it. */
export class Namespace {
  root: DataNode = null;
  /** The rules text last uploaded through REST, for `GET /.settings/rules.json`. */
  rulesSource: string | null = null;
  readonly listens = new ListenSet();

  constructor(
    readonly name: string,
    private rulesValue: CompiledRules,
    private readonly onCommit: CommitHook,
    readonly now: () => number,
  ) {}

  get rules(): CompiledRules {
    return this.rulesValue;
  }

  /**
   * Installs the new root (a pointer swap) and tells every affected listen at once. Returns
   * what the writer's acknowledgement must wait for (the journal's fsync), or null.
   */
  commit(newRoot: DataNode, touched: Path[]): Promise<void> | null {
    const oldRoot = this.root;
    if (newRoot === oldRoot) return handled(this.onCommit(this, null));
    this.root = newRoot;
    const cache: PushCache = new Map();
    for (const l of this.listens.concerned(touched)) {
      // Dropped by an earlier listener's handling (as a live Set iteration would skip it).
      if (!this.listens.has(l)) continue;
      try {
        // A listen that lost its read access is cancelled before this commit's data reaches it.
        if (overlapsAny(l.readDeps, touched) && !this.stillReadable(l)) {
          this.revoke(l);
          continue;
        }
        pushChanges(l, oldRoot, newRoot, touched, cache);
      } catch {
        // One broken listener must not keep the others from hearing about the commit.
        this.revoke(l);
      }
    }
    return handled(this.onCommit(this, touched));
  }

  /** With `seen`, every location the rules looked at is appended to it (see TrackingView). */
  canRead(identity: Identity, path: Path, spec: QuerySpec | null, seen?: Path[]): RuleDecision {
    if (identity.admin) return { allowed: true };
    return safely(() =>
      this.rulesValue.canRead({
        path: [...path],
        root: seen ? new TrackingView(this.root, [], seen) : new NodeView(this.root),
        auth: identity.auth,
        query: spec && !loadsAllData(spec) ? queryVars(spec) : null,
        now: this.now(),
      }),
    );
  }

  /** `now` must be the instant the write's server values were resolved with. */
  canWrite(
    identity: Identity,
    paths: Path[],
    newRoot: DataNode,
    now: number = this.now(),
  ): RuleDecision {
    if (identity.admin) return { allowed: true };
    return safely(() =>
      this.rulesValue.canWrite({
        paths: paths.map((p) => [...p]),
        root: new NodeView(this.root),
        newRoot: new NodeView(newRoot),
        auth: identity.auth,
        now,
      }),
    );
  }

  /** Replaces the rules and cancels every listen that can no longer read. */
  setRules(rules: CompiledRules): void {
    this.rulesValue = rules;
    this.recheck([...this.listens]);
  }

  /** Cancels the given listens that their owner may no longer read. */
  recheck(listens: Iterable<Listen>): void {
    for (const l of listens) if (!this.stillReadable(l)) this.revoke(l);
  }

  /** Re-evaluates a listen's read rules against the current data, refreshing what they depend on. */
  private stillReadable(l: Listen): boolean {
    const seen: Path[] = [];
    if (!this.canRead(l.sink.identity, l.path, l.spec, seen).allowed) return false;
    l.readDeps = coveringPaths(seen);
    this.listens.depsChanged(l);
    return true;
  }

  revoke(l: Listen): void {
    this.listens.delete(l);
    l.sink.dropped(l);
    pushRevoked(l);
  }
}

/** Callers that do not wait (onDisconnect) must not leave an unhandled rejection behind. */
function handled(p: Promise<void> | null): Promise<void> | null {
  p?.catch(() => undefined);
  return p;
}

/** A rules engine failure must deny, never crash the server. */
function safely(fn: () => RuleDecision): RuleDecision {
  try {
    return fn();
  } catch (e) {
    return { allowed: false, reason: `rules evaluation failed: ${String(e)}` };
  }
}
