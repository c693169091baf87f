import { randomBytes } from 'node:crypto';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Registry } from './db/registry';
import { DurableStore, type StoreOptions } from './persistence/store';
import { AckDrops } from './db/ack-drops';
import { Connection } from './protocol/connection';
import { namespaceFromRequest } from './rest/namespace-param';
import { handleHttp } from './rest/router';
import { closedRules, compileRules } from './rules/index';

export interface EmulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  rulesText?: string;
  dataFile?: string;
  /** Journal tuning for `dataFile` (group-commit window, compaction threshold). */
  persistence?: Omit<StoreOptions, 'log'>;
  log?: (line: string) => void;
  /** Interval of `keep-alive` events on REST event streams (default 30 s). */
  streamKeepAliveMs?: number;
  /** Enables the test-only REST controls under `/.test/` (e.g. dropping an acknowledgement). */
  testControls?: boolean;
}

export interface RunningEmulator {
  host: string;
  port: number;
  /** The journal behind `dataFile`, for tests and figures. */
  store?: DurableStore | null;
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions): Promise<RunningEmulator> {
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? '127.0.0.1';
  // A bad rules file must stop the start, with the parser's line and column.
  const initialRules = opts.rulesText === undefined ? closedRules : compileRules(opts.rulesText);
  const opened = opts.dataFile
    ? await DurableStore.open(opts.dataFile, { ...opts.persistence, log })
    : null;
  const store = opened?.store ?? null;
  const registry = new Registry({
    initialRules,
    initialRulesText: opts.rulesText ?? null,
    seed: opened?.data.seed ?? null,
    onCommit: store ? (ns, touched) => store.record(ns.name, ns.root, touched) : () => null,
    now: () => Date.now(),
  });
  for (const [name, root] of opened?.data.namespaces ?? []) registry.load(name, root);
  store?.attach(() => registry.all().map((ns) => [ns.name, ns.root]));

  const ackDrops = opts.testControls ? new AckDrops() : undefined;
  const connections = new Set<Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  const server = createServer((req, res) => {
    handleHttp(
      {
        registry,
        log,
        compileRules,
        streamKeepAliveMs: opts.streamKeepAliveMs,
        ackDrops,
        openConnections: () =>
          [...connections].map((c) => ({
            ns: c.ns.name,
            uid: c.identity.admin ? 'owner' : (c.identity.auth?.uid ?? null),
          })),
      },
      req,
      res,
    );
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ns = url.pathname === '/.ws' ? namespaceFromRequest(url, req.headers.host) : null;
    if (!ns) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sessionId = randomBytes(9).toString('base64url');
      const connection = new Connection({
        ws,
        socket,
        ns: registry.get(ns),
        sessionId,
        host: req.headers.host ?? host,
        log,
        onClosed: (c) => connections.delete(c),
        ackDrops,
      });
      connections.add(connection);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  log(`listening on ${host}:${port}`);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const c of [...connections]) c.terminate();
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await serverClosed;
      await store?.close();
    })();
    return closing;
  };
  return { host, port, store, close };
}
