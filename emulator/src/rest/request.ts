import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identity } from '../db/identity';
import type { Registry } from '../db/registry';
import type { AckDrops } from '../db/ack-drops';
import type { CompiledRules } from '../rules/contract';
import type { ConnectionInfo } from './inspect-connections';

/**
 * What every REST endpoint receives. It lives here, below the router, so endpoints never import
 * the router that imports them (docs/rest.md, "Layout").
 */
export interface RestContext {
  registry: Registry;
  log: (line: string) => void;
  compileRules: (text: string) => CompiledRules;
  /** Interval of `keep-alive` events on REST event streams; 30 s when absent. */
  streamKeepAliveMs?: number;
  /** Test controls (`--test-controls`), absent otherwise. */
  ackDrops?: AckDrops;
  /** The open WebSocket connections (`/.inspect/connections.json`). */
  openConnections?: () => ConnectionInfo[];
}

export interface RestRequest {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  ns: string;
  identity: Identity;
}
