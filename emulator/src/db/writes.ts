import { DataError } from '../data/errors';
import { nodeHash } from '../data/hash';
import { fromJson, toPriority } from '../data/json';
import { type DataNode, getAt, setAll, setAt } from '../data/node';
import {
  type Path,
  checkPathSize,
  checkWritablePath,
  checkedPath,
  isAncestorOrSelf,
  pathString,
} from '../data/path';
import { resolveServerValues } from '../data/server-values';
import type { Identity } from './identity';
import type { Namespace } from './namespace';

/** A validated write, not yet checked against the rules nor committed. */
export interface PreparedWrite {
  newRoot: DataNode;
  /** Data locations written (a trailing `.priority` is reported as its node). */
  paths: Path[];
}

function location(path: Path): Path {
  return path[path.length - 1] === '.priority' ? path.slice(0, -1) : path;
}

function nodeFor(path: Path, json: unknown): DataNode {
  if (path[path.length - 1] === '.priority') return toPriority(json);
  return fromJson(json, path.length);
}

/** Builds the root after a set; server values resolve against `base` (the current root). */
export function prepareSet(base: DataNode, path: Path, json: unknown, now: number): PreparedWrite {
  checkWritablePath(path);
  const resolved = resolveServerValues(json, getAt(base, path), now);
  return { newRoot: setAt(base, path, nodeFor(path, resolved)), paths: [location(path)] };
}

/** Parses the children of an update: keys are relative paths that must not overlap. */
export function mergeEntries(path: Path, children: unknown): [Path, unknown][] {
  if (children === null || typeof children !== 'object' || Array.isArray(children)) {
    throw new DataError('Update data must be an object');
  }
  const plainBase = !path.some((seg) => seg.startsWith('.'));
  const entries: [Path, unknown][] = Object.entries(children as Record<string, unknown>).map(
    ([k, v]) => {
      const rel = checkedPath(k, { allowPriority: true });
      if (rel.length === 0) throw new DataError('Update keys must not be empty');
      const abs = [...path, ...rel];
      // Both parts' keys are checked; only the whole path's size is left, unless the base ends
      // in a key allowed only last (REST's `.priority`).
      if (plainBase) checkPathSize(abs);
      else checkedPath(pathString(abs), { allowPriority: true });
      return [abs, v];
    },
  );
  const sorted = entries
    .map(([abs]) => ({ abs, text: abs.join('/') }))
    .sort((a, b) => (a.text < b.text ? -1 : 1))
    .map((e) => e.abs);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (isAncestorOrSelf(prev, cur)) {
      throw new DataError(`Update paths overlap: ${pathString(prev)} and ${pathString(cur)}`);
    }
  }
  return entries;
}

export function prepareMerge(
  base: DataNode,
  path: Path,
  children: unknown,
  now: number,
): PreparedWrite {
  checkWritablePath(path);
  const writes: [Path, DataNode][] = [];
  const paths: Path[] = [];
  let plain = true;
  for (const [abs, value] of mergeEntries(path, children)) {
    const resolved = resolveServerValues(value, getAt(base, abs), now);
    const node = nodeFor(abs, resolved);
    writes.push([abs, node]);
    paths.push(location(abs));
    if (node === null || abs[abs.length - 1] === '.priority') plain = false;
  }
  // Deletes and priorities can collapse or re-prioritise a branch midway: those go one by one.
  if (plain && writes.length > 0) return { newRoot: setAll(base, writes), paths };
  let newRoot = base;
  for (const [abs, node] of writes) newRoot = setAt(newRoot, abs, node);
  return { newRoot, paths };
}

export type WriteStatus =
  /** `durable` (when persisting) settles once the write is on disk: acknowledge after it. */
  | { status: 'ok'; durable: Promise<void> | null }
  | { status: 'permission_denied' | 'datastale' | 'invalid_data'; message: string };

/** Checks the transaction hash, when given, against the current value at `path`. */
export function isStale(ns: Namespace, path: Path, hash: unknown): boolean {
  return typeof hash === 'string' && nodeHash(getAt(ns.root, location(path))) !== hash;
}

/** The whole write pipeline after parsing: rules over the complete new root, then commit. */
export function executeWrite(
  ns: Namespace,
  identity: Identity,
  build: (root: DataNode, now: number) => PreparedWrite,
): WriteStatus {
  let prepared: PreparedWrite;
  // One instant per write: rules compare server timestamps with `now` (e.g. `== now`).
  const now = ns.now();
  try {
    prepared = build(ns.root, now);
  } catch (e) {
    if (e instanceof DataError) return { status: 'invalid_data', message: e.message };
    throw e;
  }
  if (!ns.canWrite(identity, prepared.paths, prepared.newRoot, now).allowed) {
    return { status: 'permission_denied', message: 'Permission denied' };
  }
  return { status: 'ok', durable: ns.commit(prepared.newRoot, prepared.paths) };
}
