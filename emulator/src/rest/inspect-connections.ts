import { HttpError, sendJson } from './http-util';
import type { RestContext, RestRequest } from './request';

/** One open WebSocket connection as the inspection lists it. */
export interface ConnectionInfo {
  /** The namespace (database instance) it talks to. */
  ns: string;
  /** Who it is signed in as: null signed out, `"owner"` for admin credentials. */
  uid: string | null;
}

/**
 * `GET /.inspect/connections.json` with admin credentials: every open WebSocket connection, of
 * every namespace, as `[{ "ns", "uid" }]`. How many connections a client holds across instances
 * is a property of the app (docs/scaling.md, "Bounded connections"), measured here, on the
 * server side, where no client can misreport it. Admin only: it names who is connected.
 */
export function handleInspectConnections(ctx: RestContext, r: RestRequest): void {
  if (!r.identity.admin) throw new HttpError(401, 'Inspecting connections needs admin credentials');
  if (r.method !== 'GET') throw new HttpError(405, 'Use GET');
  sendJson(r.res, 200, ctx.openConnections?.() ?? []);
}
