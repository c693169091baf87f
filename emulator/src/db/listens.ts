import { entriesJsonText, nodeJsonText } from '../data/node-json';
import { type DataNode, getAt } from '../data/node';
import { type Path, isAncestorOrSelf, pathString } from '../data/path';
import { type QuerySpec } from '../query/spec';
import { LiveWindow } from '../query/live-window';
import type { Identity } from './identity';

/** Where pushes for a listen go (a WebSocket connection). */
export interface PushSink {
  readonly identity: Identity;
  push(action: 'd' | 'm' | 'c', body: Record<string, unknown>): void;
  /** Sends an already serialised data push (shared by every listener of one commit). */
  pushSerialized(message: string): void;
  /** The namespace cancelled this listen (revocation). */
  dropped(l: Listen): void;
  /**
   * The client keeps its query windows itself (the SDK's limit filter), so a window's changes
   * may be pushed child by child; otherwise every change sends the whole window.
   */
  readonly filtersWindows?: boolean;
}

export interface Listen {
  sink: PushSink;
  path: string[];
  /** null for a default (untagged) listen. */
  spec: QuerySpec | null;
  tag: number | null;
  /** The query object exactly as received; revocations must echo it. */
  wireQuery: unknown;
  /** A tagged listen's incrementally maintained query. */
  live: LiveWindow | null;
  /** The children last pushed for a tagged listen, to detect window changes. */
  window: Map<string, DataNode> | null;
  /**
   * The locations the read rules looked at when they last allowed this listen: a commit that
   * overlaps one of them re-checks the listen and revokes it if reading is no longer allowed.
   */
  readDeps: Path[];
}

/**
 * Exactly `JSON.stringify({t: 'd', d: {a, b: {p, d[, t]}}})` (what the connection sends for a
 * push), with the data already as JSON text.
 */
function dataMessage(action: 'd' | 'm', p: string, dText: string, tag: number | null): string {
  const t = tag === null ? '' : `,"t":${JSON.stringify(tag)}`;
  return `{"t":"d","d":{"a":"${action}","b":{"p":${JSON.stringify(p)},"d":${dText}${t}}}}`;
}

/** Pushes the listen's current data; must precede the listen's `ok` (docs/protocol.md, "Listens and pushes"). */
export function pushInitial(l: Listen, root: DataNode): void {
  const node = getAt(root, l.path);
  const p = pathString(l.path);
  if (l.spec && l.tag !== null) {
    l.live = new LiveWindow(l.spec, node);
    l.window = new Map(l.live.window());
    l.sink.pushSerialized(dataMessage('d', p, entriesJsonText(l.window), l.tag));
  } else {
    l.sink.pushSerialized(dataMessage('d', p, nodeJsonText(node), null));
  }
}

export function pushRevoked(l: Listen): void {
  const p = pathString(l.path);
  l.sink.push('c', l.tag === null ? { p } : { p, q: [l.wireQuery] });
}

/** Serialised pushes of one commit: many listeners of one path get byte-identical messages. */
export type PushCache = Map<string, string>;

function pushShared(
  l: Listen,
  cache: PushCache,
  action: 'd' | 'm',
  p: string,
  dText: () => string,
): void {
  const key = `${action}\u0000${p}`;
  let message = cache.get(key);
  if (message === undefined) {
    message = dataMessage(action, p, dText(), null);
    cache.set(key, message);
  }
  l.sink.pushSerialized(message);
}

/** Sends a listen what a commit changed in its view, if anything (docs/protocol.md, "Listens and pushes"). */
export function pushChanges(
  l: Listen,
  oldRoot: DataNode,
  newRoot: DataNode,
  touched: Path[],
  cache: PushCache,
): void {
  const relevant = touched.filter(
    (t) => isAncestorOrSelf(t, l.path) || isAncestorOrSelf(l.path, t),
  );
  if (relevant.length === 0) return;
  const newNode = getAt(newRoot, l.path);
  if (l.spec && l.tag !== null) {
    if (newNode === getAt(oldRoot, l.path)) return;
    // Writes strictly below the location change known children; anything else rebuilds.
    const depth = l.path.length;
    const keys = relevant.every((t) => t.length > depth)
      ? new Set(relevant.map((t) => t[depth]))
      : null;
    pushWindow(l, newNode, keys);
    return;
  }
  const p = pathString(l.path);
  if (relevant.some((t) => isAncestorOrSelf(t, l.path))) {
    if (newNode !== getAt(oldRoot, l.path))
      pushShared(l, cache, 'd', p, () => nodeJsonText(newNode));
    return;
  }
  const changed = relevant.filter((t) => getAt(oldRoot, t) !== getAt(newRoot, t));
  if (changed.length === 1 && changed[0]) {
    const t = changed[0];
    pushShared(l, cache, 'd', pathString(t), () => nodeJsonText(getAt(newRoot, t)));
  } else if (changed.length > 1) {
    const d = changed.map((t) => [t.slice(l.path.length).join('/'), getAt(newRoot, t)] as const);
    // The merge's keys depend on which touched paths fall under this listen, so no sharing.
    l.sink.pushSerialized(dataMessage('m', p, entriesJsonText(d), null));
  }
}

/** Above this many children entering or leaving, the whole window is cheaper to send. */
const MAX_CHILD_PUSHES = 4;

/**
 * The keys of `prev` (the window last pushed) no longer in the live window, in the order they
 * had in that window (the comparator over their previous values): found by look-ups in the live
 * window, stopping at the `count` known to have left (a chat page's oldest message: the first).
 */
function leavingKeys(live: LiveWindow, prev: Map<string, DataNode>, count: number): string[] {
  const leaving: [string, DataNode][] = [];
  for (const entry of prev) {
    if (leaving.length === count) break;
    if (!live.has(entry[0])) leaving.push(entry);
  }
  return leaving.sort(live.compare).map(([k]) => k);
}

/**
 * Sends what changed in a tagged listen's window: nothing; the changed children as a merge when
 * the same children stay; else the children that left (`d` null at their path) and those that
 * entered or changed (`d` at their path), as the SDK's own limit filter then keeps the same
 * window; the whole window when much of it changed. A new message in a conversation's latest
 * page is then one child on the wire, not the page again. The window last pushed (`l.window`) is
 * kept up to date in place: copying a 50-message page on every push was a tenth of a send.
 */
function pushWindow(l: Listen, node: DataNode, changedKeys: Set<string> | null): void {
  if (!l.spec || l.tag === null) return;
  const live = (l.live ??= new LiveWindow(l.spec, null));
  if (changedKeys) live.update(node, changedKeys);
  else live.rebuild(node);
  const prev = (l.window ??= new Map<string, DataNode>());
  const next = live.window();
  const entering: [string, DataNode][] = [];
  let stayed = 0;
  for (const e of next) {
    const before = prev.get(e[0]);
    if (before !== undefined) stayed++;
    if (before !== e[1]) entering.push(e);
  }
  const leaving = prev.size - stayed;
  if (entering.length === 0 && leaving === 0) return;
  const p = pathString(l.path);
  if (leaving === 0 && stayed === next.length) {
    for (const [k, v] of entering) prev.set(k, v);
    l.sink.pushSerialized(dataMessage('m', p, entriesJsonText(entering), l.tag));
    return;
  }
  if (!l.sink.filtersWindows || leaving + entering.length > MAX_CHILD_PUSHES) {
    l.window = new Map(next);
    l.sink.pushSerialized(dataMessage('d', p, entriesJsonText(next), l.tag));
    return;
  }
  const at = (k: string): string => pathString([...l.path, k]);
  for (const k of leavingKeys(live, prev, leaving)) {
    prev.delete(k);
    l.sink.pushSerialized(dataMessage('d', at(k), 'null', l.tag));
  }
  for (const [k, v] of entering) {
    prev.set(k, v);
    l.sink.pushSerialized(dataMessage('d', at(k), nodeJsonText(v), l.tag));
  }
}
