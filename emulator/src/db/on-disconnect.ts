import { DataError } from '../data/errors';
import type { DataNode } from '../data/node';
import { type Path, isAncestorOrSelf } from '../data/path';
import type { Namespace } from './namespace';
import { type PreparedWrite, prepareSet } from './writes';

interface Entry {
  path: Path;
  /** Export-format JSON; server values stay unresolved until the socket closes. */
  json: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A connection's queued onDisconnect sets, kept like the SDK's sparse snapshot tree: a set
 * replaces everything queued at or below it, and cancelling below a queued object splits that
 * object into per-child sets first (so siblings survive and the cancelled child is left alone).
 */
export class OnDisconnectQueue {
  private entries: Entry[] = [];

  get size(): number {
    return this.entries.length;
  }

  set(path: Path, json: unknown): void {
    this.entries = this.entries.filter((e) => !isAncestorOrSelf(path, e.path));
    this.entries.push({ path, json });
  }

  cancel(path: Path): void {
    for (;;) {
      const i = this.entries.findIndex(
        (e) => e.path.length < path.length && isAncestorOrSelf(e.path, path),
      );
      if (i < 0) break;
      const entry = this.entries[i];
      const json = entry.json;
      const split: Entry[] = [];
      if (isPlainObject(json) && !('.value' in json) && !('.sv' in json)) {
        for (const [k, v] of Object.entries(json)) {
          if (!k.startsWith('.')) split.push({ path: [...entry.path, k], json: v });
        }
      } else if (Array.isArray(json)) {
        json.forEach((v: unknown, k) => split.push({ path: [...entry.path, String(k)], json: v }));
      } else {
        // A leaf has no children to cancel.
        return;
      }
      this.entries.splice(i, 1, ...split);
    }
    this.entries = this.entries.filter((e) => !isAncestorOrSelf(path, e.path));
  }

  /** Applies every queued set in order as one commit; invalid entries are skipped. */
  fire(ns: Namespace): void {
    if (this.entries.length === 0) return;
    const now = ns.now();
    let root: DataNode = ns.root;
    const paths: Path[] = [];
    for (const e of this.entries) {
      try {
        const prepared: PreparedWrite = prepareSet(root, e.path, e.json, now);
        root = prepared.newRoot;
        paths.push(...prepared.paths);
      } catch (err) {
        if (!(err instanceof DataError)) throw err;
      }
    }
    this.entries = [];
    // Nobody waits for an ack here; the journal still records the commit in order.
    void ns.commit(root, paths);
  }
}
