import type { DataNode } from '../data/node';
import type { CompiledRules } from '../rules/contract';
import { type CommitHook, Namespace } from './namespace';

export interface RegistryOptions {
  /** Rules for a namespace seen for the first time (`--rules`, else closed). */
  initialRules: CompiledRules;
  initialRulesText: string | null;
  /** Data for a namespace seen for the first time (a plain `--data` export), else empty. */
  seed: DataNode;
  onCommit: CommitHook;
  now: () => number;
}

/** Namespaces are created on first use and isolated from each other. */
export class Registry {
  private readonly map = new Map<string, Namespace>();

  constructor(private readonly opts: RegistryOptions) {}

  get(name: string): Namespace {
    let ns = this.map.get(name);
    if (!ns) {
      ns = new Namespace(name, this.opts.initialRules, this.opts.onCommit, this.opts.now);
      ns.root = this.opts.seed;
      ns.rulesSource = this.opts.initialRulesText;
      this.map.set(name, ns);
    }
    return ns;
  }

  /** Restores a namespace from persisted data. */
  load(name: string, root: DataNode): void {
    this.get(name).root = root;
  }

  has(name: string): boolean {
    return this.map.has(name);
  }

  all(): Namespace[] {
    return [...this.map.values()];
  }
}
