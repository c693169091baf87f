import WebSocket from 'ws';
import type { RunningEmulator } from '../src/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary protocol JSON
type Msg = Record<string, any>;

/** A minimal protocol client for what the SDK cannot be made to send (hostile or raw frames). */
export class RawClient {
  readonly pushes: Msg[] = [];
  readonly responses = new Map<number, Msg>();
  handshake: Msg | null = null;
  closed = false;
  private nextR = 1;
  private pending = 0;
  private parts: string[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.onFrame((data as Buffer).toString('utf8')));
    ws.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static async connect(emu: RunningEmulator, ns: string): Promise<RawClient> {
    const ws = new WebSocket(`ws://${emu.host}:${emu.port}/.ws?v=5&ns=${ns}`);
    const c = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await c.until(() => c.handshake !== null);
    return c;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((fn) => fn());
  }

  private onFrame(frame: string): void {
    if (this.pending > 0) {
      this.parts.push(frame);
      if (--this.pending > 0) return;
      frame = this.parts.join('');
      this.parts = [];
    } else if (frame.length <= 6 && !Number.isNaN(Number(frame))) {
      this.pending = Number(frame);
      return;
    }
    const msg = JSON.parse(frame) as Msg;
    const d = msg.d as Msg;
    if (msg.t === 'c' && d.t === 'h') this.handshake = d.d as Msg;
    else if (msg.t === 'c') this.pushes.push(msg);
    else if ('r' in d) this.responses.set(d.r as number, d.b as Msg);
    else this.pushes.push(d);
    this.wake();
  }

  async until(cond: () => boolean, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error('RawClient.until timed out');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  sendRaw(frame: string): void {
    this.ws.send(frame);
  }

  async request(a: string, b: unknown): Promise<Msg> {
    const r = this.nextR++;
    this.ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    await this.until(() => this.responses.has(r) || this.closed);
    const res = this.responses.get(r);
    if (!res) throw new Error('connection closed before the response');
    return res;
  }

  close(): void {
    this.ws.close();
  }
}

/** An unsigned ID token shaped like the Auth emulator's. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const enc = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
}
