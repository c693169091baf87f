import type { IncomingMessage, ServerResponse } from 'node:http';
import { DataError } from '../data/errors';
import { ANONYMOUS, type Identity, identityFor } from '../db/identity';
import { handleData } from './data-endpoint';
import { HttpError, credentialOf, sendError, sendJson, setCors } from './http-util';
import { namespaceFromRequest } from './namespace-param';
import type { RestContext, RestRequest } from './request';
import { handleRules } from './rules-endpoint';
import { handleTestControl } from './test-control';
import { handleInspectConnections } from './inspect-connections';

function identityOf(req: IncomingMessage, params: URLSearchParams): Identity {
  const cred = credentialOf(req, params);
  if (cred === null) return ANONYMOUS;
  const identity = identityFor(cred);
  if (!identity) throw new HttpError(401, 'Could not parse auth token.');
  return identity;
}

async function route(ctx: RestContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let method = (req.method ?? 'GET').toUpperCase();
  const override =
    req.headers['x-http-method-override'] ?? url.searchParams.get('x-http-method-override');
  if (method === 'POST' && typeof override === 'string') method = override.toUpperCase();
  if (method === 'OPTIONS') {
    res.writeHead(204);
    res.end();
    return;
  }
  if (url.pathname === '/.lp') {
    throw new HttpError(
      501,
      'Long polling is not supported by this emulator; call forceWebSockets()',
    );
  }
  if (url.pathname === '/.ws') throw new HttpError(400, 'Expected a WebSocket upgrade');
  // The connections of every namespace: no namespace to name.
  const everyNamespace = url.pathname === '/.inspect/connections.json';
  const ns = everyNamespace ? '' : namespaceFromRequest(url, req.headers.host);
  if (ns === null) throw new HttpError(400, 'Missing or invalid ?ns=<database name> parameter');
  const request: RestRequest = {
    req,
    res,
    method,
    url,
    ns,
    identity: identityOf(req, url.searchParams),
  };
  if (url.pathname === '/.settings/rules.json' || url.pathname === '/.settings/rules') {
    await handleRules(ctx, request);
  } else if (url.pathname.startsWith('/.test/')) {
    await handleTestControl(ctx, request);
  } else if (url.pathname === '/.inspect/databases.json') {
    sendJson(
      res,
      200,
      ctx.registry.all().map((n) => ({ name: n.name })),
    );
  } else if (everyNamespace) {
    handleInspectConnections(ctx, request);
  } else if (url.pathname.endsWith('.json')) {
    await handleData(ctx, request);
  } else {
    throw new HttpError(404, `Not found: ${url.pathname} (data paths end in .json)`);
  }
}

export function handleHttp(ctx: RestContext, req: IncomingMessage, res: ServerResponse): void {
  setCors(req, res);
  route(ctx, req, res).catch((e: unknown) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (e instanceof HttpError) sendError(res, e.status, e.message);
    else if (e instanceof DataError) sendError(res, 400, e.message);
    else {
      ctx.log(`REST ${req.method ?? ''} ${req.url ?? ''} failed: ${String(e)}`);
      sendError(res, 500, 'Internal error');
    }
  });
}
