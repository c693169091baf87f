/**
 * `npm run bench:emulator` section "app sends": the emulator's CPU per app send and 600 sends a
 * second from 200 signed-in users, today's emulator beside the one before the hot-path work
 * (extracted from git and run in the same bench run, so the machine's load weighs on both).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoadFigures, appLoad } from './app-load';
import { extractedCli } from './extracted-cli';
import { sendCpu } from './send-cpu';

/** The last commit before the emulator's hot paths were reworked. */
export const BEFORE_HOT_PATHS_COMMIT = 'bbf5ade29af781f7576563dde418e3bcc80807d3';

const USERS = 200;
const RATE = Number(process.env.BENCH_APP_RATE ?? 600);
const SECONDS = Number(process.env.BENCH_APP_SECONDS ?? 20);
/**
 * Seconds of the same load before the timed ones: a fresh emulator's JIT is cold for the first
 * seconds. Their slowest ack and delivery are printed too; every send counts for "lost".
 */
const WARMUP = Number(process.env.BENCH_APP_WARMUP ?? 5);
/** The app's data in the load runs ("in memory and with 60 MB of data"). */
const DATA_MB = Number(process.env.BENCH_APP_MB ?? 60);
/** The CPU runs send slower than the load runs, so that both emulators keep up. */
const CPU_RATE = 200;
const CPU_ROUNDS = 2;
/**
 * The CPU rounds' warm-up: after only 3 s at 200/s the JIT is still optimising the send path
 * during the timed seconds (a fifth of the emulator's CPU samples went to the optimising
 * compiler in a `perf` profile), a one-time cost that is not what a send costs and weighs more
 * on the faster emulator.
 */
const SETTLED_WARMUP = 12;

const ms = (n: number): string => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : '–');

function row(label: string, f: LoadFigures): string {
  return (
    `${label.padEnd(34)} CPU ${f.cpuMsPerSend.toFixed(2)} ms/send (${(f.cpuShare * 100).toFixed(0)}% of a core), ` +
    `${f.sendRate.toFixed(0)} sends/s acked, ` +
    `ack p50/p95/p99 ${ms(f.ackP50)}/${ms(f.ackP95)}/${ms(f.ackP99)} ms, ` +
    `delivery p50/p95/p99 ${ms(f.deliveryP50)}/${ms(f.deliveryP95)}/${ms(f.deliveryP99)} ms, ` +
    `${f.sends} sends, lost ${f.lost}, refused ${f.refused}, unacked ${f.unacked}, undelivered ${f.undelivered}` +
    (Number.isNaN(f.warmupAckMax)
      ? '; '
      : ` (warm-up: slowest ack ${ms(f.warmupAckMax)} ms, delivery ${ms(f.warmupDeliveryMax)} ms); `) +
    `generator ${(f.generatorShare * 100).toFixed(0)}% of a core, its event loop late by up to ${ms(f.generatorLagMs)} ms`
  );
}

/** The bar for the in-memory load run: p99 ≤ 100 ms at the target rate, nothing lost. */
const P99_TARGET_MS = 100;

function targetLine(f: LoadFigures): string {
  const p99 = Math.max(f.ackP99, f.deliveryP99);
  const kept = f.sendRate >= RATE * 0.95;
  const whole = f.lost + f.unacked + f.undelivered === 0;
  const met = p99 <= P99_TARGET_MS && kept && whole;
  return (
    `target p99 ≤ ${P99_TARGET_MS} ms at ${RATE}/s, nothing lost: ${met ? 'MET' : 'NOT MET'} ` +
    `(slower of ack and delivery p99 ${ms(p99)} ms, ${f.sendRate.toFixed(0)} sends/s acked, ` +
    `${f.lost + f.unacked + f.undelivered} lost, unacked or undelivered)`
  );
}

export async function appLoadBench(dir: string, print: (line: string) => void): Promise<void> {
  const before = extractedCli(BEFORE_HOT_PATHS_COMMIT);
  const emulators: [string, string][] = [['today', 'emulator/src/cli.ts']];
  if (before) emulators.push([`before (${BEFORE_HOT_PATHS_COMMIT.slice(0, 8)})`, before]);
  const base = { users: USERS, workers: 2, prefillMb: 0, dataFile: null };
  print(
    `app sends: ${USERS} signed-in users (inbox + latest-page listens), message + inbox fan-out ` +
      `through database.rules.json, load from 2 worker processes`,
  );
  // In this process, without sockets: the steadiest figure on a shared machine (best of 4).
  const inProcess = Math.min(...Array.from({ length: 4 }, () => sendCpu(USERS, 10_000)));
  print(
    `CPU per app send inside the emulator's code (no sockets, in this process, best of 4): ` +
      `${inProcess.toFixed(0)} µs`,
  );
  // Alternating rounds, so a burst of load on the machine weighs on both emulators alike. The
  // figure is the settled one (SETTLED_WARMUP); one round each in the first seconds, with the
  // JIT still compiling, is printed beside it.
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
  const ratio = (label: string, figures: Map<string, number[]>) => {
    const today = median(figures.get('today') ?? []);
    const earlier = emulators[1] ? median(figures.get(emulators[1][0]) ?? []) : NaN;
    print(
      `${label}: ${today.toFixed(2)} ms today, ${earlier.toFixed(2)} ms before ` +
        `(${((today / earlier) * 100).toFixed(0)}%)`,
    );
  };
  const rounds = async (count: number, warmupSeconds: number) => {
    const cpu = new Map<string, number[]>();
    for (let round = 0; round < count; round++) {
      for (const [name, cli] of emulators) {
        const f = await appLoad({ ...base, cli, rate: CPU_RATE, seconds: 5, warmupSeconds });
        cpu.set(name, [...(cpu.get(name) ?? []), f.cpuMsPerSend]);
        print(row(`${CPU_RATE}/s after ${warmupSeconds} s, ${name}`, f));
      }
    }
    return cpu;
  };
  ratio(
    `CPU per app send, settled (after ${SETTLED_WARMUP} s of warm-up)`,
    await rounds(CPU_ROUNDS, SETTLED_WARMUP),
  );
  ratio(
    'CPU per app send in the first seconds (after 3 s, JIT still compiling)',
    await rounds(1, 3),
  );
  // The target load on today's emulator: the app's data in memory, then on disk (journal).
  const cli = 'emulator/src/cli.ts';
  const load = {
    ...base,
    cli,
    rate: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    prefillMb: DATA_MB,
  };
  print(
    `target load: ${RATE} sends/s for ${SECONDS} s after ${WARMUP} s of warm-up, ` +
      `${DATA_MB} MB of the app's data (app-dataset.ts)`,
  );
  const inMemory = await appLoad(load);
  print(row(`${RATE}/s, ${DATA_MB} MB in memory`, inMemory));
  print(targetLine(inMemory));
  const sub = await mkdtemp(join(dir, 'app-load-'));
  const f = await appLoad({ ...load, dataFile: join(sub, 'database.json') });
  print(row(`${RATE}/s, ${DATA_MB} MB on disk`, f));
  await rm(sub, { recursive: true, force: true });
}
