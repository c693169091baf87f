import { randomBytes } from 'node:crypto';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Registry } from './db/registry';
import { loadDataFile, serializeDataFile } from './persistence/data-file';
import { FileStore } from './persistence/file-store';
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
  log?: (line: string) => void;
  /** Interval of `keep-alive` events on REST event streams (default 30 s). */
  streamKeepAliveMs?: number;
}

export interface RunningEmulator {
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions): Promise<RunningEmulator> {
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? '127.0.0.1';
  // A bad rules file must stop the start, with the parser's line and column.
  const initialRules = opts.rulesText === undefined ? closedRules : compileRules(opts.rulesText);
  const loaded = opts.dataFile ? await loadDataFile(opts.dataFile) : null;
  const seed = loaded?.seed ?? null;
  let store: FileStore | null = null;
  const registry = new Registry({
    initialRules,
    initialRulesText: opts.rulesText ?? null,
    seed,
    onCommit: () => store?.schedule(),
    now: () => Date.now(),
  });
  for (const [name, root] of loaded?.namespaces ?? []) registry.load(name, root);
  if (opts.dataFile) {
    store = new FileStore(opts.dataFile, () => serializeDataFile(seed, registry.all()), 100, log);
  }

  const connections = new Set<Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  const server = createServer((req, res) => {
    handleHttp(
      { registry, log, compileRules, streamKeepAliveMs: opts.streamKeepAliveMs },
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
      await store?.flush();
    })();
    return closing;
  };
  return { host, port, close };
}
