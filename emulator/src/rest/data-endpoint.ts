import { DataError } from '../data/errors';
import type { Json } from '../data/json';
import { type DataNode, forEachChild, getAt, leafValue } from '../data/node';
import { checkedPath } from '../data/path';
import type { Namespace } from '../db/namespace';
import { pushId } from '../db/push-id';
import { readValue } from '../db/read';
import { type PreparedWrite, executeWrite, prepareMerge, prepareSet } from '../db/writes';
import { etagOf, ifMatchOf, wantsEtag } from './etag';
import { openStream, wantsStream } from './event-stream';
import { HttpError, readBody, sendJson } from './http-util';
import { restQuery } from './query-params';
import type { RestContext, RestRequest } from './request';

function pathOf(pathname: string): string[] {
  const raw = pathname.slice(0, -'.json'.length);
  const segments = raw.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw new DataError('Path is not valid percent-encoding');
    }
  });
  return checkedPath('/' + segments.filter((s) => s !== '').join('/'), {
    allowPriority: true,
    allowInfo: true,
  });
}

function shallow(node: DataNode): Json {
  if (node === null || leafValue(node) !== null) return leafValue(node);
  const out: Record<string, Json> = {};
  forEachChild(node, (k, c) => {
    out[k] = leafValue(c) ?? true;
    return false;
  });
  return out;
}

async function jsonBody(r: RestRequest): Promise<unknown> {
  const text = await readBody(r.req);
  try {
    return JSON.parse(text);
  } catch {
    throw new DataError("Invalid data; couldn't parse JSON object, array, or value.");
  }
}

/** `GET|PUT|PATCH|POST|DELETE /<path>.json` (docs/rest.md). */
export async function handleData(ctx: RestContext, r: RestRequest): Promise<void> {
  const path = pathOf(r.url.pathname);
  const params = r.url.searchParams;
  const ns = ctx.registry.get(r.ns);
  const silent = params.get('print') === 'silent';
  const pretty = params.get('print') === 'pretty';
  const exportFormat = params.get('format') === 'export';
  const ifMatch = ifMatchOf(r);
  const withEtag = wantsEtag(r) || ifMatch !== null;
  const respond = (body: unknown): void => {
    if (withEtag && !r.res.hasHeader('ETag')) r.res.setHeader('ETag', etagOf(getAt(ns.root, path)));
    if (silent) {
      r.res.writeHead(204);
      r.res.end();
    } else sendJson(r.res, 200, body, pretty);
  };

  if (r.method === 'GET') {
    const spec = restQuery(params);
    if (params.get('shallow') === 'true') {
      if (spec) throw new DataError('Mixing shallow and querying parameters is not supported');
      if (wantsStream(r)) throw new DataError('shallow is not supported on event streams');
    }
    if (wantsStream(r)) {
      openStream(ctx, r, path, spec, exportFormat);
      return;
    }
    if (!ns.canRead(r.identity, path, spec).allowed) throw new HttpError(401, 'Permission denied');
    if (params.get('shallow') === 'true') respond(shallow(getAt(ns.root, path)));
    else respond(readValue(ns.root, path, spec, exportFormat));
    return;
  }
  if (path[0] === '.info') throw new DataError('Cannot write to /.info');
  let build: (root: DataNode, now: number) => PreparedWrite;
  let reply: () => unknown;
  if (r.method === 'PUT' || r.method === 'DELETE') {
    const body = r.method === 'PUT' ? await jsonBody(r) : null;
    build = (root, now) => prepareSet(root, path, body, now);
    reply = () => readValue(ns.root, path, null, exportFormat);
  } else if (r.method === 'PATCH') {
    const body = await jsonBody(r);
    build = (root, now) => prepareMerge(root, path, body, now);
    reply = () => body;
  } else if (r.method === 'POST') {
    const body = await jsonBody(r);
    const id = pushId(ns.now());
    build = (root, now) => prepareSet(root, [...path, id], body, now);
    reply = () => ({ name: id });
  } else {
    throw new HttpError(405, `Method ${r.method} is not supported`);
  }
  // No await between this check and the commit: nothing can slip in between.
  if (ifMatch !== null && !ifMatchHolds(ns, r, path, ifMatch, exportFormat)) return;
  const durable = write(ns, r, build);
  const answer = reply();
  // This write's ETag, whatever is written while the journal entry is being saved.
  if (withEtag) r.res.setHeader('ETag', etagOf(getAt(ns.root, path)));
  await durable; // acknowledged only once the journal entry is on disk
  respond(answer);
}

/**
 * A conditional write whose ETag is stale gets 412 with the current ETag and value, so the
 * client can retry on top of it; someone who may not read the location learns neither.
 * Returns false once it has answered.
 */
function ifMatchHolds(
  ns: Namespace,
  r: RestRequest,
  path: string[],
  ifMatch: string,
  exportFormat: boolean,
): boolean {
  const current = etagOf(getAt(ns.root, path));
  if (current === ifMatch) return true;
  if (!ns.canRead(r.identity, path, null).allowed) {
    throw new HttpError(412, 'ETag mismatch (the current ETag is hidden: reading is not allowed)');
  }
  r.res.setHeader('ETag', current);
  sendJson(r.res, 412, readValue(ns.root, path, null, exportFormat));
  return false;
}

function write(
  ns: Namespace,
  r: RestRequest,
  build: (root: DataNode, now: number) => PreparedWrite,
): Promise<void> | null {
  const result = executeWrite(ns, r.identity, build);
  if (result.status === 'permission_denied') throw new HttpError(401, 'Permission denied');
  if (result.status !== 'ok') throw new DataError(result.message);
  return result.durable;
}
