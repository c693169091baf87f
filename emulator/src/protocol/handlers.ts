import { DataError } from '../data/errors';
import { type Path, checkedPath, pathString } from '../data/path';
import { coveringPaths } from '../data/tracking-view';
import { ANONYMOUS, type Identity, identityFor } from '../db/identity';
import { type Listen, type PushSink, pushInitial } from '../db/listens';
import type { Namespace } from '../db/namespace';
import type { OnDisconnectQueue } from '../db/on-disconnect';
import { readValue } from '../db/read';
import { executeWrite, isStale, mergeEntries, prepareMerge, prepareSet } from '../db/writes';
import { parseWireQuery } from '../query/spec';

export interface Reply {
  s: string;
  d: unknown;
  /** A write's `ok` is sent once this settles (its journal entry is on disk). */
  durable?: Promise<void> | null;
}

/**
 * What the actions need from the connection that received them. Declared here, below the
 * connection that implements it, so this module never imports its caller.
 */
export interface Session extends PushSink {
  readonly ns: Namespace;
  readonly identity: Identity;
  /** This session's listens by path (untagged) or tag. */
  readonly listens: Map<string, Listen>;
  readonly onDisconnect: OnDisconnectQueue;
  /** Switches the identity and cancels the listens it may no longer read. */
  setIdentity(identity: Identity): void;
}

type Body = Record<string, unknown>;
type Handler = (c: Session, b: Body) => Reply;

const OK: Reply = { s: 'ok', d: '' };
const DENIED: Reply = { s: 'permission_denied', d: 'Permission denied' };

function listenKey(path: string[], tag: number | null): string {
  return tag === null ? `p:${pathString(path)}` : `t:${tag}`;
}

function tagOf(b: Body): number | null {
  if (b.t === undefined || b.t === null) return null;
  if (typeof b.t !== 'number' || !Number.isSafeInteger(b.t))
    throw new DataError('Tag must be an integer');
  return b.t;
}

function authenticate(c: Session, b: Body): Reply {
  const identity = identityFor(b.cred, { authvar: b.authvar, noauth: b.noauth });
  if (!identity) return { s: 'invalid_token', d: 'Could not parse auth token.' };
  c.setIdentity(identity);
  const exp = identity.auth?.token.exp;
  return { s: 'ok', d: { auth: identity.auth, expires: typeof exp === 'number' ? exp : null } };
}

function listen(c: Session, b: Body): Reply {
  const path = checkedPath(b.p, { allowInfo: true });
  const tag = tagOf(b);
  const spec = b.q === undefined && tag === null ? null : parseWireQuery(b.q);
  const seen: Path[] = [];
  if (!c.ns.canRead(c.identity, path, spec, seen).allowed) return DENIED;
  const key = listenKey(path, tag);
  const previous = c.listens.get(key);
  if (previous) c.ns.listens.delete(previous);
  const l: Listen = {
    sink: c,
    path,
    spec,
    tag,
    wireQuery: b.q,
    live: null,
    window: null,
    readDeps: coveringPaths(seen),
  };
  c.listens.set(key, l);
  c.ns.listens.add(l);
  pushInitial(l, c.ns.root);
  return { s: 'ok', d: {} };
}

function unlisten(c: Session, b: Body): Reply {
  const key = listenKey(checkedPath(b.p, { allowInfo: true }), tagOf(b));
  const l = c.listens.get(key);
  if (l) {
    c.listens.delete(key);
    c.ns.listens.delete(l);
  }
  return OK;
}

function get(c: Session, b: Body): Reply {
  const path = checkedPath(b.p, { allowInfo: true });
  const spec = parseWireQuery(b.q);
  if (!c.ns.canRead(c.identity, path, spec).allowed) return DENIED;
  return { s: 'ok', d: readValue(c.ns.root, path, spec, true) };
}

/** A write without `d` must not be read as a delete. */
function requireData(b: Body): void {
  if (!('d' in b)) throw new DataError('Missing data (d)');
}

function put(c: Session, b: Body): Reply {
  requireData(b);
  const path = checkedPath(b.p, { allowPriority: true });
  if ('h' in b && isStale(c.ns, path, b.h))
    return { s: 'datastale', d: 'Transaction hash does not match' };
  return writeReply(
    executeWrite(c.ns, c.identity, (root, now) => prepareSet(root, path, b.d, now)),
  );
}

function merge(c: Session, b: Body): Reply {
  requireData(b);
  const path = checkedPath(b.p);
  return writeReply(
    executeWrite(c.ns, c.identity, (root, now) => prepareMerge(root, path, b.d, now)),
  );
}

function writeReply(result: ReturnType<typeof executeWrite>): Reply {
  return result.status === 'ok'
    ? { ...OK, durable: result.durable }
    : { s: result.status, d: result.message };
}

/** onDisconnect operations are checked against the rules when queued (docs/protocol.md, "onDisconnect"). */
function disconnectSet(c: Session, b: Body): Reply {
  requireData(b);
  const path = checkedPath(b.p, { allowPriority: true });
  const now = c.ns.now();
  const prepared = prepareSet(c.ns.root, path, b.d, now);
  if (!c.ns.canWrite(c.identity, prepared.paths, prepared.newRoot, now).allowed) return DENIED;
  c.onDisconnect.set(path, b.d);
  return OK;
}

function disconnectMerge(c: Session, b: Body): Reply {
  requireData(b);
  const path = checkedPath(b.p);
  const now = c.ns.now();
  const prepared = prepareMerge(c.ns.root, path, b.d, now);
  if (!c.ns.canWrite(c.identity, prepared.paths, prepared.newRoot, now).allowed) return DENIED;
  for (const [abs, value] of mergeEntries(path, b.d)) c.onDisconnect.set(abs, value);
  return OK;
}

function disconnectCancel(c: Session, b: Body): Reply {
  c.onDisconnect.cancel(checkedPath(b.p));
  return OK;
}

const HANDLERS: Record<string, Handler> = {
  s: () => OK,
  echo: (_c, b) => ({ s: 'ok', d: b.d ?? '' }),
  auth: authenticate,
  gauth: authenticate,
  unauth: (c) => {
    c.setIdentity(ANONYMOUS);
    return OK;
  },
  appcheck: () => OK,
  unappeck: () => OK,
  q: listen,
  n: unlisten,
  g: get,
  p: put,
  m: merge,
  o: disconnectSet,
  om: disconnectMerge,
  oc: disconnectCancel,
};

export function handleRequest(c: Session, action: string, body: Body): Reply {
  const handler = Object.hasOwn(HANDLERS, action) ? HANDLERS[action] : undefined;
  if (!handler) return { s: 'invalid_action', d: `Unknown action "${action.slice(0, 40)}"` };
  try {
    return handler(c, body);
  } catch (e) {
    if (e instanceof DataError) return { s: 'invalid_data', d: e.message };
    throw e;
  }
}
