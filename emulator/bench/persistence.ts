import { copyFile, readFile, readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type CompactionFigures, type LoopDelay, compactionProbe } from './compaction-probe';
import { loadDatasetByRest, writeDataset } from './dataset';
import { type Child, startChild } from './processes';
import { writeLoop } from './raw-writer';
import { WHOLE_FILE_COMMIT, wholeFileStoreCli } from './whole-file-store';
import { type SteadyFigures, steadyWrites } from './steady';

const MB = 1024 * 1024;
const NS = 'bench';

export interface PersistenceBenchOptions {
  sizesMb: number[];
  dir: string;
  /** Emulator entry point (the bench can be pointed at an older checkout to compare). */
  cli: string;
  rate: number;
  seconds: number;
  throughputSeconds: number;
  /** False for an emulator from before the journal (no restart-after-kill or compaction runs). */
  journal: boolean;
  print: (line: string) => void;
}

async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
}

async function timedStart(cli: string, args: string[]): Promise<{ child: Child; ms: number }> {
  const t = performance.now();
  const child = await startChild(cli, args);
  return { child, ms: performance.now() - t };
}

interface RunFigures extends SteadyFigures {
  cpu: number;
  rssMb: number;
  throughput: number | null;
}

async function measure(o: PersistenceBenchOptions, child: Child, raw = true): Promise<RunFigures> {
  const pid = child.proc.pid ?? 0;
  const cpu0 = await cpuSeconds(pid);
  const t0 = performance.now();
  const steady = await steadyWrites(child.port, NS, o.rate, o.seconds);
  const cpu = (await cpuSeconds(pid)) - cpu0;
  const wall = (performance.now() - t0) / 1000;
  const rssMb = (await child.rssBytes()) / MB;
  const url = `ws://127.0.0.1:${child.port}/.ws?v=5&ns=${NS}`;
  const done = raw ? await writeLoop(url, o.throughputSeconds * 1000) : null;
  const throughput = done === null ? null : done / o.throughputSeconds;
  return { ...steady, cpu: (100 * cpu) / wall, rssMb, throughput };
}

async function filesBeside(file: string): Promise<string> {
  const base = basename(file);
  const names = (await readdir(dirname(file))).filter((n) => n.startsWith(base)).sort();
  const sizes = await Promise.all(
    names.map(async (n) => (await stat(join(dirname(file), n))).size),
  );
  return names
    .map((n, i) => `${n.slice(base.length) || 'data file'} ${(sizes[i] / MB).toFixed(1)} MB`)
    .join(', ');
}

const ms = (n: number): string => n.toFixed(1).padStart(7);

function row(label: string, f: RunFigures): string {
  const raw =
    f.throughput === null ? '' : ` | ${f.throughput.toFixed(0).padStart(6)} acked writes/s`;
  return (
    `  ${label.padEnd(16)} event p50 ${ms(f.eventP50)} p99 ${ms(f.eventP99)} ms` +
    ` | ack p50 ${ms(f.ackP50)} p99 ${ms(f.ackP99)} ms | CPU ${f.cpu.toFixed(0).padStart(3)}%` +
    ` | RSS ${f.rssMb.toFixed(0).padStart(4)} MB${raw}`
  );
}

const loop = (x: LoopDelay): string =>
  `max ${x.maxMs.toFixed(1)} ms, p99 ${x.p99Ms.toFixed(1)} ms, held (CPU) ${x.maxCpuMs.toFixed(1)} ms, ` +
  `GC pause ${x.maxGcMs.toFixed(1)} ms`;

function probeLine(label: string, p: CompactionFigures): string {
  return (
    `  ${label}: ${p.ms.toFixed(0)} ms; event-loop delay meanwhile ${loop(p.compacting)}\n` +
    `    (idle for as long: ${loop(p.idle)})`
  );
}

/** The floor under any loader of this file: reading and parsing it, nothing built from it. */
async function parseMs(file: string): Promise<number> {
  const t = performance.now();
  JSON.parse(await readFile(file, 'utf8'));
  return performance.now() - t;
}

/** The same load against the store the journal replaced, on a copy of the same data file. */
async function wholeFileRun(o: PersistenceBenchOptions, base: string[], file: string, mb: number) {
  const cli = wholeFileStoreCli();
  if (!cli) return o.print('  whole-file store: not measured (no git checkout to extract it from)');
  const copy = join(o.dir, `whole-file-${mb}mb.json`);
  await copyFile(file, copy);
  const started = await timedStart(cli, [...base, '--data', copy]);
  o.print(row('whole-file store', await measure(o, started.child)));
  const t = performance.now();
  await started.child.stop();
  o.print(
    `    (the store before the journal, ${WHOLE_FILE_COMMIT.slice(0, 8)}: acks not durable; ` +
      `start-up ${started.ms.toFixed(0)} ms, clean stop ${(performance.now() - t).toFixed(0)} ms)`,
  );
  await rm(copy, { force: true });
}

/** Persistence on (`--data`), on while compacting, and off (in memory), at each database size. */
export async function persistenceBench(o: PersistenceBenchOptions): Promise<void> {
  const rules = join(o.dir, 'rules.json');
  const base = ['--port', '0', '--quiet', '--rules', rules];
  o.print(
    `persistence: ${o.rate} chat-sized writes/s for ${o.seconds} s from one SDK client, events timed in another; ` +
      `then ${o.throughputSeconds} s of small writes, 64 in flight, counted when acknowledged`,
  );
  const empty = await timedStart(o.cli, base);
  await empty.child.stop();
  o.print(`  start-up of an empty emulator (tsx + Node boot): ${empty.ms.toFixed(0)} ms`);
  for (const mb of o.sizesMb) {
    const file = join(o.dir, `db-${mb}mb.json`);
    const conversations = await writeDataset(file, mb);
    o.print(`${mb} MB database (${conversations * 1000} messages)`);
    if (o.journal) await wholeFileRun(o, base, file, mb);
    const first = await timedStart(o.cli, [...base, '--data', file]);
    o.print(row('persistence on', await measure(o, first.child)));
    const t = performance.now();
    await first.child.stop();
    const stopMs = performance.now() - t;
    const afterStop = await filesBeside(file);
    const again = await timedStart(o.cli, [...base, '--data', file]);
    let crash = '';
    if (o.journal) {
      await writeLoop(`ws://127.0.0.1:${again.child.port}/.ws?v=5&ns=${NS}`, 1000);
      await again.child.kill();
      const journals = await filesBeside(file);
      const replay = await timedStart(o.cli, [...base, '--data', file]);
      await replay.child.stop();
      crash = ` | after SIGKILL (${journals}): ${replay.ms.toFixed(0)} ms`;
      // A compaction threshold this low keeps a snapshot being written throughout the run.
      const compacting = await startChild(o.cli, [
        ...base.filter((a) => a !== '--quiet'),
        '--data',
        file,
        '--compact-mb',
        '0.05',
      ]);
      o.print(row('while compacting', await measure(o, compacting, false)));
      await compacting.stop();
      const runs = [...compacting.output().matchAll(/written in (\d+) ms/g)].map((m) => m[1]);
      o.print(`  snapshots written in the background during that run: ${runs.join(', ')} ms`);
    } else await again.child.stop();

    const memory = await startChild(o.cli, base);
    const tl = performance.now();
    await loadDatasetByRest(memory.port, NS, conversations);
    const restLoadMs = performance.now() - tl;
    o.print(row('in memory', await measure(o, memory)));
    await memory.stop();
    o.print(
      `  start-up: ${first.ms.toFixed(0)} ms from the whole-file data, ${again.ms.toFixed(0)} ms after a clean stop${crash}` +
        ` | for scale, readFile + JSON.parse of the data file alone: ${(await parseMs(file)).toFixed(0)} ms`,
    );
    o.print(
      `  clean stop ${stopMs.toFixed(0)} ms, leaving: ${afterStop} | in-memory load by REST ${restLoadMs.toFixed(0)} ms`,
    );
    if (o.journal) {
      const probe = await compactionProbe(file);
      o.print(probeLine('one compaction in-process', probe));
      if (mb === o.sizesMb[0]) {
        const long = await compactionProbe(file, true);
        o.print(probeLine('the same with three 8 MB strings', long));
      }
    }
    for (const n of await readdir(o.dir))
      if (n.startsWith(basename(file))) await rm(join(o.dir, n), { recursive: true });
  }
}
