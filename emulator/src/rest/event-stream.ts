import { fromJson, toJson, type Json } from '../data/json';
import { type Path, parsePath } from '../data/path';
import { coveringPaths } from '../data/tracking-view';
import { type Listen, type PushSink, pushInitial } from '../db/listens';
import type { Namespace } from '../db/namespace';
import { type QuerySpec, loadsAllData } from '../query/spec';
import { HttpError } from './http-util';
import type { RestContext, RestRequest } from './request';

const DEFAULT_KEEP_ALIVE_MS = 30_000;
/** setTimeout's ceiling; a later expiry is re-armed when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A reader this far behind is cut off rather than let the server's memory grow. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export function wantsStream(r: RestRequest): boolean {
  return r.method === 'GET' && (r.req.headers.accept ?? '').includes('text/event-stream');
}

/**
 * `GET` with `Accept: text/event-stream` (docs/rest.md, "Streaming"): a listen whose pushes are
 * written as server-sent events instead of WebSocket frames.
 */
export function openStream(
  ctx: RestContext,
  r: RestRequest,
  path: Path,
  spec: QuerySpec | null,
  exportFormat: boolean,
): void {
  const ns = ctx.registry.get(r.ns);
  const seen: Path[] = [];
  if (!ns.canRead(r.identity, path, spec, seen).allowed) {
    throw new HttpError(401, 'Permission denied');
  }
  const keepAliveMs = ctx.streamKeepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  new EventStream(ns, r, path, spec, coveringPaths(seen), exportFormat, keepAliveMs);
}

function commonPrefix(paths: string[][]): string[] {
  if (paths.length === 0) return [];
  return paths.reduce((prefix, p) => {
    let i = 0;
    while (i < prefix.length && i < p.length && p[i] === prefix[i]) i++;
    return prefix.slice(0, i);
  });
}

class EventStream implements PushSink {
  readonly identity: RestRequest['identity'];
  private readonly listen: Listen;
  private readonly keepAlive: NodeJS.Timeout;
  private expiry: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    private readonly ns: Namespace,
    private readonly r: RestRequest,
    path: Path,
    spec: QuerySpec | null,
    readDeps: Path[],
    private readonly exportFormat: boolean,
    keepAliveMs: number,
  ) {
    this.identity = r.identity;
    // A tag makes the namespace maintain the query's window, as for a tagged SDK listen.
    const tag = spec && !loadsAllData(spec) ? 1 : null;
    this.listen = {
      sink: this,
      path: [...path],
      spec,
      tag,
      wireQuery: null,
      live: null,
      window: null,
      readDeps,
    };
    r.res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    r.res.on('close', () => this.end());
    ns.listens.add(this.listen);
    pushInitial(this.listen, ns.root);
    this.keepAlive = setInterval(() => this.send('keep-alive', null), keepAliveMs);
    this.armExpiry();
  }

  /** The ID token's `exp`: the stream ends with `auth_revoked` once it has passed. */
  private armExpiry(): void {
    const exp = this.identity.auth?.token.exp;
    if (typeof exp !== 'number' || this.ended) return;
    const delay = exp * 1000 - this.ns.now();
    if (delay <= 0) {
      this.send('auth_revoked', 'credential is no longer valid');
      this.end();
      return;
    }
    this.expiry = setTimeout(() => this.armExpiry(), Math.min(delay, MAX_TIMER_MS));
  }

  push(action: 'd' | 'm' | 'c', body: Record<string, unknown>): void {
    if (action === 'c') {
      this.send('cancel', 'Permission denied');
      this.end();
      return;
    }
    const at = parsePath(String(body.p)).slice(this.listen.path.length);
    if (action === 'd') {
      this.send('put', { path: '/' + at.join('/'), data: this.plain(body.d) });
      return;
    }
    // A merge's keys are relative paths; their shared leading segments go into the event's path.
    const entries = Object.entries(body.d as Record<string, unknown>).map(
      ([k, v]) => [parsePath(k), v] as const,
    );
    const shared = commonPrefix(entries.map(([k]) => k.slice(0, -1)));
    const data: Record<string, Json> = {};
    for (const [k, v] of entries) data[k.slice(shared.length).join('/')] = this.plain(v);
    this.send('patch', { path: '/' + [...at, ...shared].join('/'), data });
  }

  pushSerialized(message: string): void {
    const { d } = JSON.parse(message) as { d: { a: 'd' | 'm'; b: Record<string, unknown> } };
    this.push(d.a, d.b);
  }

  /** The `c` push that follows a revocation ends the stream. */
  dropped(): void {
    return;
  }

  /** Pushes carry export format (priorities); a plain stream sends what a plain GET returns. */
  private plain(json: unknown): Json {
    return toJson(fromJson(json), this.exportFormat);
  }

  private send(event: string, data: unknown): void {
    if (this.ended) return;
    if (this.r.res.writableLength > MAX_BUFFERED_BYTES) {
      this.r.res.destroy();
      this.end();
      return;
    }
    this.r.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepAlive);
    if (this.expiry) clearTimeout(this.expiry);
    this.ns.listens.delete(this.listen);
    this.r.res.end();
  }
}
