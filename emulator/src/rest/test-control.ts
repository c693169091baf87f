import { HttpError, readBody, sendJson } from './http-util';
import type { RestContext, RestRequest } from './request';

/**
 * `POST /.test/drop-ack.json?ns=<ns>` with `{"path": "<path>"}` and admin credentials: the next
 * committed WebSocket write touching that path (or below) gets no acknowledgement and its
 * connection is dropped (db/ack-drops.ts). `GET` says how many are armed and not used yet.
 * Only with `--test-controls`; 404 otherwise.
 */
export async function handleTestControl(ctx: RestContext, r: RestRequest): Promise<void> {
  if (!ctx.ackDrops || r.url.pathname !== '/.test/drop-ack.json') {
    throw new HttpError(404, `Not found: ${r.url.pathname} (test controls need --test-controls)`);
  }
  if (!r.identity.admin) throw new HttpError(401, 'Test controls need admin credentials');
  if (r.method === 'GET') {
    sendJson(r.res, 200, { armed: ctx.ackDrops.pending(r.ns) });
    return;
  }
  if (r.method !== 'POST') throw new HttpError(405, 'Use GET or POST');
  let path: unknown;
  try {
    path = (JSON.parse(await readBody(r.req)) as { path?: unknown }).path;
  } catch {
    throw new HttpError(400, 'Body must be JSON: {"path": "<path>"}');
  }
  if (typeof path !== 'string') throw new HttpError(400, 'Body must be JSON: {"path": "<path>"}');
  ctx.ackDrops.arm(r.ns, path);
  sendJson(r.res, 200, { armed: ctx.ackDrops.pending(r.ns) });
}
