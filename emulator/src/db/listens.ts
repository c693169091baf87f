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
   * The client keeps its query windows itself (the SDK's limit filter), so a window whose
   * children change is pushed as one merge of those leaving (null) and entering; otherwise such a
   * change sends the whole window.
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

/**
 * The keys of `prev` (the window last pushed) no longer in the live window: found by look-ups in
 * the live window, stopping at the `count` known to have left (a chat page's oldest message: the
 * first).
 */
function leavingKeys(live: LiveWindow, prev: Map<string, DataNode>, count: number): string[] {
  const leaving: string[] = [];
  for (const k of prev.keys()) {
    if (leaving.length === count) break;
    if (!live.has(k)) leaving.push(k);
  }
  return leaving;
}

/**
 * Sends what changed in a tagged listen's window as one message, so the SDK raises one event per
 * commit and never shows a window the database did not hold: a tagged merge of the children that
 * left (null) and of those that entered or changed (whole), which the SDK applies as one
 * operation through its limit filter (in-window children first, so those leaving make room); the
 * whole window when that is shorter, and to REST streams whenever the set of children changes.
 * A new message in a conversation's latest page is then the message and the oldest one's null on
 * the wire, not the page again (docs/protocol.md, "Listens and pushes", rule 3). The window last
 * pushed (`l.window`) is kept up to date in place: copying a 50-message page on every push was a
 * tenth of a send.
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
  // For the SDK, a null costs about what an unchanged child resent in the whole window would.
  const whole = l.sink.filtersWindows
    ? leaving > next.length - entering.length
    : leaving > 0 || stayed < next.length;
  if (whole) {
    l.window = new Map(next);
    l.sink.pushSerialized(dataMessage('d', p, entriesJsonText(next), l.tag));
    return;
  }
  const merge: [string, DataNode][] = [];
  for (const k of leavingKeys(live, prev, leaving)) {
    prev.delete(k);
    merge.push([k, null]);
  }
  for (const [k, v] of entering) {
    prev.set(k, v);
    merge.push([k, v]);
  }
  l.sink.pushSerialized(dataMessage('m', p, entriesJsonText(merge), l.tag));
}
