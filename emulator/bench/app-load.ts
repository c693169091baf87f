/**
 * The app's own load on the emulator: 200 signed-in users, each listening to its inbox and its
 * conversation's latest page, sending messages as the app does (message + both inbox entries in
 * one root update, through the real database.rules.json), from worker processes so the generator
 * does not share the emulator's event loop. Figures: the emulator's CPU per send (from
 * /proc/<pid>/stat), acknowledgement and delivery percentiles, and every acknowledged send
 * looked up afterwards (after a SIGKILL and restart when the data is on disk).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChildProcess, fork } from 'node:child_process';
import { appSeed, relOf } from './app-shape';
import type { WorkerInput, WorkerResult } from './app-load-worker';
import { loadAppDataByRest, writeAppData } from './app-dataset';
import { type Child, startChild } from './processes';
import { percentile } from './sdk-client';

const ROOT = join(import.meta.dirname, '..', '..');
const NS = 'appload';

export interface LoadOptions {
  cli: string;
  users: number;
  rate: number;
  seconds: number;
  /** Seconds of sends before `seconds`, timed apart (a fresh emulator's JIT is cold). */
  warmupSeconds?: number;
  workers: number;
  /**
   * Megabytes of the app's data (app-dataset.ts: profiles, friendships, conversations with their
   * messages, inboxes) loaded before the run, the load users' conversations among them; 0: only
   * the load users' profiles and friendships.
   */
  prefillMb: number;
  /** Run with `--data` (journal, acknowledged once fsynced) at this file; in memory otherwise. */
  dataFile: string | null;
}

export interface LoadFigures {
  sends: number;
  /** Acknowledged sends a second, from the first send to the last acknowledgement. */
  sendRate: number;
  cpuMsPerSend: number;
  /** Share of one core the emulator used during the timed sends. */
  cpuShare: number;
  /** Share of one core the load generator's worker processes used together (whole run). */
  generatorShare: number;
  /** The slowest event-loop delay in a worker: how late the generator itself timed anything. */
  generatorLagMs: number;
  ackP50: number;
  ackP95: number;
  ackP99: number;
  deliveryP50: number;
  deliveryP95: number;
  deliveryP99: number;
  /** The warm-up's slowest acknowledgement and delivery (NaN without one). */
  warmupAckMax: number;
  warmupDeliveryMax: number;
  refused: number;
  unacked: number;
  undelivered: number;
  /** Acknowledged sends missing when read back. */
  lost: number;
}

/** CPU seconds (user + system) the process has used so far. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function rest(port: number, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(
    `http://127.0.0.1:${port}${path}${path.includes('?') ? '&' : '?'}ns=${NS}`,
    {
      method,
      headers: { Authorization: 'Bearer owner' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

function runWorker(
  input: WorkerInput,
  ready: () => void,
  failed: (e: Error) => void,
): { worker: ChildProcess; result: Promise<WorkerResult> } {
  const worker = fork(join(import.meta.dirname, 'app-load-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: ROOT,
  });
  const result = new Promise<WorkerResult>((resolve, reject) => {
    const fail = (e: Error): void => {
      failed(e);
      reject(e);
    };
    worker.on('message', (m: { ready?: true; result?: WorkerResult; error?: string }) => {
      if (m.ready) ready();
      else if (m.result) resolve(m.result);
      else if (m.error) fail(new Error(m.error));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`load worker exited with ${String(code)}`));
    });
  });
  worker.send(input);
  return { worker, result };
}

async function missing(port: number, acked: string[]): Promise<number> {
  const byRel = new Map<string, string[]>();
  for (const key of acked) {
    const [rel, id] = key.split('/');
    byRel.set(rel, [...(byRel.get(rel) ?? []), id]);
  }
  let lost = 0;
  for (const [rel, ids] of byRel) {
    const stored = ((await rest(port, 'GET', `/sendMessage/${rel}.json?shallow=true`)) ??
      {}) as Record<string, unknown>;
    for (const id of ids) if (!(id in stored)) lost++;
  }
  return lost;
}

export async function appLoad(opts: LoadOptions): Promise<LoadFigures> {
  const args = ['--port', '0', '--quiet', '--rules', join(ROOT, 'database.rules.json')];
  if (opts.dataFile) {
    if (opts.prefillMb > 0) await writeAppData(opts.dataFile, opts.users, opts.prefillMb);
    args.push('--data', opts.dataFile);
  }
  let emu: Child = await startChild(opts.cli, args);
  try {
    if (opts.prefillMb === 0)
      await rest(emu.port, 'PATCH', '/.json?print=silent', appSeed(opts.users));
    else if (!opts.dataFile) await loadAppDataByRest(emu.port, NS, opts.users, opts.prefillMb);
    const users = Array.from({ length: opts.users }, (_, i) => i);
    let waiting = opts.workers;
    let allReady: () => void = () => undefined;
    let anyFailed: (e: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      allReady = resolve;
      anyFailed = reject;
    });
    const runs = Array.from({ length: opts.workers }, (_, w) =>
      runWorker(
        {
          port: emu.port,
          ns: NS,
          // Whole conversations per worker, so a delivery is timed on one clock.
          users: users.filter((i) => Math.floor(i / 2) % opts.workers === w),
          rate: opts.rate / opts.workers,
          seconds: opts.seconds,
          warmupSeconds: opts.warmupSeconds ?? 0,
          worker: w,
        },
        () => {
          if (--waiting === 0) allReady();
        },
        (e) => anyFailed(e),
      ),
    );
    await ready;
    const pid = emu.proc.pid ?? 0;
    const cpuBefore = await cpuSeconds(pid);
    const workerPids = runs.map((r) => r.worker.pid ?? 0);
    const generatorBefore = await Promise.all(workerPids.map(cpuSeconds));
    const wallBefore = performance.now();
    const startAt = performance.timeOrigin + performance.now() + 200;
    for (const r of runs) r.worker.send({ startAt });
    // The emulator's CPU is counted from the end of the warm-up, like the timed sends.
    const warmupMs = (opts.warmupSeconds ?? 0) * 1000;
    const cpuAtWarm =
      warmupMs > 0
        ? new Promise<number>((resolve) =>
            setTimeout(
              () => resolve(cpuSeconds(pid)),
              startAt + warmupMs - (performance.timeOrigin + performance.now()),
            ),
          )
        : Promise.resolve(cpuBefore);
    const results = await Promise.all(runs.map((r) => r.result));
    const cpu = (await cpuSeconds(pid)) - (await cpuAtWarm);
    const generator = results.reduce((n, r, w) => n + r.cpuSeconds - (generatorBefore[w] ?? 0), 0);
    const wallAll = (performance.now() - wallBefore) / 1000;
    const wall =
      warmupMs > 0
        ? (performance.timeOrigin + performance.now() - startAt - warmupMs) / 1000
        : wallAll;
    const acks = results.flatMap((r) => r.acks).sort((a, b) => a - b);
    const deliveries = results.flatMap((r) => r.deliveries).sort((a, b) => a - b);
    const acked = results.flatMap((r) => r.acked);
    const warmupAcks = results.flatMap((r) => r.warmupAcks);
    const warmupDeliveries = results.flatMap((r) => r.warmupDeliveries);
    const sum = (k: 'refused' | 'unacked' | 'undelivered'): number =>
      results.reduce((n, r) => n + r[k], 0);
    if (opts.dataFile) {
      // Acknowledged means durable: what a crash right now leaves must hold every one of them.
      await emu.kill();
      emu = await startChild(opts.cli, args);
    }
    const lost = await missing(emu.port, acked);
    const lastAck = Math.max(...results.map((r) => r.lastAckAt));
    return {
      sends: acks.length,
      sendRate:
        (acks.length * 1000) / Math.max(1, lastAck - startAt - (opts.warmupSeconds ?? 0) * 1000),
      // Every timed send the emulator received, acknowledged in time or not.
      cpuMsPerSend: (cpu * 1000) / Math.max(1, acks.length + sum('refused') + sum('unacked')),
      cpuShare: cpu / wall,
      generatorShare: generator / wallAll,
      generatorLagMs: Math.max(...results.map((r) => r.lagMs)),
      ackP50: percentile(acks, 50),
      ackP95: percentile(acks, 95),
      ackP99: percentile(acks, 99),
      deliveryP50: percentile(deliveries, 50),
      deliveryP95: percentile(deliveries, 95),
      deliveryP99: percentile(deliveries, 99),
      warmupAckMax: warmupAcks.length ? Math.max(...warmupAcks) : NaN,
      warmupDeliveryMax: warmupDeliveries.length ? Math.max(...warmupDeliveries) : NaN,
      refused: sum('refused'),
      unacked: sum('unacked'),
      undelivered: sum('undelivered'),
      lost,
    };
  } finally {
    await emu.stop();
  }
}

export { relOf };
