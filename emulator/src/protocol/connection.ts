import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { Namespace } from '../db/namespace';
import { ANONYMOUS, type Identity } from '../db/identity';
import type { Listen } from '../db/listens';
import type { AckDrops } from '../db/ack-drops';
import { OnDisconnectQueue } from '../db/on-disconnect';
import { FrameAssembler } from '../transport/framing';
import { Outbox } from '../transport/outbox';
import { type Session, handleRequest } from './handlers';

export interface ConnectionOptions {
  ws: WebSocket;
  /** The upgraded TCP socket underneath `ws`: data frames are written to it directly. */
  socket: Duplex;
  ns: Namespace;
  sessionId: string;
  host: string;
  log: (line: string) => void;
  onClosed: (c: Connection) => void;
  /** Test control (`--test-controls`): writes whose acknowledgement is to be dropped. */
  ackDrops?: AckDrops;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** One client socket: framing, the envelope, and per-connection state (auth, listens, onDisconnect). */
export class Connection implements Session {
  identity: Identity = ANONYMOUS;
  readonly listens = new Map<string, Listen>();
  readonly onDisconnect = new OnDisconnectQueue();
  readonly ns: Namespace;
  /** The SDK's views apply child pushes to a query window through its own limit filter. */
  readonly filtersWindows = true;
  private readonly assembler = new FrameAssembler();
  private readonly outbox: Outbox;
  private closed = false;

  constructor(private readonly opts: ConnectionOptions) {
    this.ns = opts.ns;
    this.outbox = new Outbox(opts.socket, () => opts.ws.readyState === WebSocket.OPEN);
    opts.ws.on('message', (data, isBinary) => {
      if (isBinary) this.abort('binary frames are not part of the protocol');
      else this.onFrame((data as Buffer).toString('utf8'));
    });
    opts.ws.on('close', () => this.handleClose());
    opts.ws.on('error', () => this.handleClose());
    this.sendRaw({
      t: 'c',
      d: { t: 'h', d: { ts: this.ns.now(), v: '5', h: opts.host, s: opts.sessionId } },
    });
  }

  private onFrame(frame: string): void {
    if (this.closed) return;
    try {
      const message = this.assembler.push(frame);
      if (message === null) return;
      const parsed: unknown = JSON.parse(message);
      this.dispatch(parsed);
    } catch (e) {
      this.abort(e instanceof Error ? e.message : String(e));
    }
  }

  private dispatch(msg: unknown): void {
    if (!isRecord(msg) || !isRecord(msg.d)) throw new Error('malformed envelope');
    if (msg.t === 'c') {
      // Pings keep the SDK's connection healthy (docs/protocol.md, "Transport"); other control frames are
      // transport-upgrade chatter we can ignore.
      if (msg.d.t === 'p') this.sendRaw({ t: 'c', d: { t: 'o', d: null } });
      return;
    }
    if (msg.t !== 'd') throw new Error('unknown envelope type');
    const { r, a } = msg.d;
    const b = msg.d.b ?? {};
    if (
      typeof r !== 'number' ||
      !Number.isSafeInteger(r) ||
      typeof a !== 'string' ||
      !isRecord(b)
    ) {
      throw new Error('malformed request');
    }
    const reply = handleRequest(this, a, b);
    if (reply.s === 'ok' && this.opts.ackDrops?.take(this.ns.name, a, b)) {
      // Committed (and on disk), never acknowledged: the connection drops as a network would.
      void Promise.resolve(reply.durable).finally(() => this.terminate());
      return;
    }
    if (!reply.durable) this.sendRaw({ t: 'd', d: { r, b: { s: reply.s, d: reply.d } } });
    else
      reply.durable.then(
        () => this.sendRaw({ t: 'd', d: { r, b: { s: reply.s, d: reply.d } } }),
        (e: unknown) => this.sendRaw({ t: 'd', d: { r, b: notSaved(e) } }),
      );
  }

  push(action: 'd' | 'm' | 'c', body: Record<string, unknown>): void {
    this.sendRaw({ t: 'd', d: { a: action, b: body } });
  }

  pushSerialized(message: string): void {
    this.sendText(message);
  }

  dropped(l: Listen): void {
    for (const [key, value] of this.listens) if (value === l) this.listens.delete(key);
  }

  setIdentity(identity: Identity): void {
    this.identity = identity;
    this.ns.recheck([...this.listens.values()]);
  }

  private sendRaw(obj: unknown): void {
    if (!this.closed) this.sendText(JSON.stringify(obj));
  }

  private sendText(message: string): void {
    if (!this.closed) this.outbox.send(message);
  }

  /** A hostile or broken client loses only its own socket. */
  abort(reason: string): void {
    if (this.closed) return;
    this.opts.log(`closing connection ${this.opts.sessionId}: ${reason}`);
    // What was sent before the error goes first; `ws` writes its close frame at once.
    this.outbox.flush();
    this.opts.ws.close(1008, 'protocol error');
    this.handleClose();
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const l of this.listens.values()) this.ns.listens.delete(l);
    this.listens.clear();
    try {
      this.onDisconnect.fire(this.ns);
    } catch (e) {
      this.opts.log(`onDisconnect failed: ${String(e)}`);
    }
    this.opts.onClosed(this);
  }

  /** Server shutdown: runs the close logic (onDisconnect included) before dropping the socket. */
  terminate(): void {
    this.handleClose();
    this.outbox.discard();
    this.opts.ws.terminate();
  }
}

/** The write is in memory but its journal entry could not be written: do not claim success. */
function notSaved(e: unknown): { s: string; d: string } {
  return { s: 'write_failed', d: `The emulator could not save the write to disk: ${String(e)}` };
}
