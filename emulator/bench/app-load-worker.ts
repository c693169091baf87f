/**
 * One worker process of the app-load bench: a WebSocket per signed-in user speaking the wire
 * protocol as the SDK does (auth, the inbox listen, the conversation's latest-page query), then
 * sends on a schedule and times each one's acknowledgement and its arrival at the friend.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { appSend, friendOf, idToken, relOf, uidOf } from './app-shape';

export interface WorkerInput {
  port: number;
  ns: string;
  /** The users this worker plays (both parties of each conversation live in one worker). */
  users: number[];
  /** Sends a second from this worker. */
  rate: number;
  seconds: number;
  /** Seconds of sends at the same rate before `seconds`, timed apart (the emulator's JIT warms up). */
  warmupSeconds: number;
  worker: number;
}

export interface WorkerResult {
  acks: number[];
  deliveries: number[];
  /** The same times for the warm-up's sends. */
  warmupAcks: number[];
  warmupDeliveries: number[];
  /** `conversationId/messageId` of every acknowledged send. */
  acked: string[];
  refused: number;
  unacked: number;
  undelivered: number;
  /** When the last acknowledgement came (ms since the epoch, the clock `startAt` is on). */
  lastAckAt: number;
  /** CPU seconds this process has used in all (user + system). */
  cpuSeconds: number;
  /** The longest this process's event loop was late during the sends. */
  lagMs: number;
}

const now = (): number => performance.timeOrigin + performance.now();

interface Pending {
  resolve: (body: { s: string; d: unknown }) => void;
}

class Client {
  private readonly ws: WebSocket;
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private fragments: string[] | null = null;
  private expected = 0;
  readonly opened: Promise<void>;

  constructor(
    url: string,
    private readonly onPush: (a: string, b: Record<string, unknown>) => void,
  ) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => this.onFrame((data as Buffer).toString()));
  }

  private onFrame(frame: string): void {
    // Messages over 16 KB come as a frame count, then the pieces (docs/protocol.md, "Transport").
    if (this.fragments === null && frame.length <= 6 && /^\d+$/.test(frame)) {
      this.fragments = [];
      this.expected = Number(frame);
      return;
    }
    if (this.fragments !== null) {
      this.fragments.push(frame);
      if (this.fragments.length < this.expected) return;
      frame = this.fragments.join('');
      this.fragments = null;
    }
    const msg = JSON.parse(frame) as { t: string; d: Record<string, unknown> };
    if (msg.t !== 'd') return;
    const { r, a, b } = msg.d as { r?: number; a?: string; b: Record<string, unknown> };
    if (typeof r === 'number') {
      this.pending.get(r)?.resolve(b as { s: string; d: unknown });
      this.pending.delete(r);
    } else if (typeof a === 'string') this.onPush(a, b);
  }

  request(a: string, b: Record<string, unknown>): Promise<{ s: string; d: unknown }> {
    const r = this.next++;
    return new Promise((resolve) => {
      this.pending.set(r, { resolve });
      this.ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

async function run(input: WorkerInput): Promise<WorkerResult> {
  const url = `ws://127.0.0.1:${input.port}/.ws?v=5&ns=${input.ns}`;
  /** `conversationId/messageId` -> send time and whether it is a warm-up send, until the friend hears of it. */
  const inFlight = new Map<string, { t: number; warmup: boolean }>();
  const deliveries: number[] = [];
  const warmupDeliveries: number[] = [];
  const clients = new Map<number, Client>();
  for (const i of input.users) {
    const rel = relOf(i);
    const client = new Client(url, (a, b) => {
      if (a !== 'd' && a !== 'm') return;
      const at = `/sendMessage/${rel}`;
      const p = String(b.p);
      const d = b.d;
      if (d === null || typeof d !== 'object') return;
      // The window (or a merge into it), or one child pushed at its own path.
      let ids: string[];
      if (p === at) ids = Object.keys(d);
      else if (p.startsWith(`${at}/`)) ids = [p.slice(at.length + 1)];
      else return;
      for (const id of ids) {
        const key = `${rel}/${id}`;
        const sent = inFlight.get(key);
        // Only the friend's arrival counts; the sender hears its own message too.
        if (sent !== undefined && !id.endsWith(`_${i}`)) {
          (sent.warmup ? warmupDeliveries : deliveries).push(now() - sent.t);
          inFlight.delete(key);
        }
      }
    });
    clients.set(i, client);
  }
  for (const [i, client] of clients) {
    await client.opened;
    const auth = await client.request('auth', { cred: idToken(i) });
    if (auth.s !== 'ok') throw new Error(`auth refused for ${uidOf(i)}: ${auth.s}`);
    const listens = await Promise.all([
      client.request('q', { p: `/inbox/${uidOf(i)}`, h: '' }),
      client.request('q', {
        p: `/sendMessage/${relOf(i)}`,
        q: { i: 'createdAt', l: 50, vf: 'r' },
        t: 1,
        h: '',
      }),
    ]);
    if (listens.some((l) => l.s !== 'ok')) throw new Error(`listen refused for ${uidOf(i)}`);
  }
  process.send?.({ ready: true });
  const startAt = await new Promise<number>((resolve) =>
    process.once('message', (m: { startAt: number }) => resolve(m.startAt)),
  );

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const acks: number[] = [];
  const warmupAcks: number[] = [];
  const acked: string[] = [];
  let refused = 0;
  let lastAckAt = startAt;
  const waits: Promise<void>[] = [];
  const warmups = Math.round(input.rate * input.warmupSeconds);
  const total = warmups + Math.round(input.rate * input.seconds);
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = (): void => {
      const due = Math.min(total, Math.floor(((now() - startAt) * input.rate) / 1000));
      while (sent < due) {
        const i = input.users[sent % input.users.length];
        const seq = sent++;
        const id = `m${input.worker}x${String(seq).padStart(7, '0')}_${i}`;
        const rel = relOf(i);
        const text = `load message ${seq} from ${uidOf(i)} to ${uidOf(friendOf(i))} `.repeat(
          1 + (seq % 4),
        );
        const t = now();
        const warmup = seq < warmups;
        inFlight.set(`${rel}/${id}`, { t, warmup });
        const client = clients.get(i);
        if (!client) throw new Error(`no client for ${i}`);
        waits.push(
          client.request('m', { p: '/', d: appSend(i, id, text) }).then((reply) => {
            if (reply.s !== 'ok') {
              refused++;
              inFlight.delete(`${rel}/${id}`);
              return;
            }
            lastAckAt = now();
            (warmup ? warmupAcks : acks).push(lastAckAt - t);
            acked.push(`${rel}/${id}`);
          }),
        );
      }
      if (sent >= total) done();
      else setTimeout(tick, 1);
    };
    const wait = startAt - now();
    setTimeout(tick, Math.max(0, wait));
  });
  const settled = Promise.all(waits);
  const late = await Promise.race([
    settled.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 30_000)),
  ]);
  const deadline = now() + 10_000;
  while (inFlight.size > 0 && now() < deadline) await new Promise((r) => setTimeout(r, 20));
  lag.disable();
  for (const c of clients.values()) c.close();
  return {
    acks,
    deliveries,
    acked,
    refused,
    warmupAcks,
    warmupDeliveries,
    unacked: late ? total - acks.length - warmupAcks.length - refused : 0,
    undelivered: inFlight.size,
    lastAckAt,
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    lagMs: lag.max / 1e6,
  };
}

process.once('message', (input: WorkerInput) => {
  run(input).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (e: unknown) => {
      process.send?.({ error: String(e instanceof Error ? e.stack : e) }, () => process.exit(1));
    },
  );
});
