import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { loadDatasetByRest, writeDataset } from './dataset';
import { type Child, startChild } from './processes';
import { writeLoop } from './raw-writer';
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
  throughput: number;
}

async function measure(o: PersistenceBenchOptions, child: Child): Promise<RunFigures> {
  const pid = child.proc.pid ?? 0;
  const cpu0 = await cpuSeconds(pid);
  const t0 = performance.now();
  const steady = await steadyWrites(child.port, NS, o.rate, o.seconds);
  const cpu = (await cpuSeconds(pid)) - cpu0;
  const wall = (performance.now() - t0) / 1000;
  const rssMb = (await child.rssBytes()) / MB;
  const done = await writeLoop(
    `ws://127.0.0.1:${child.port}/.ws?v=5&ns=${NS}`,
    o.throughputSeconds * 1000,
  );
  return { ...steady, cpu: (100 * cpu) / wall, rssMb, throughput: done / o.throughputSeconds };
}

async function filesBeside(file: string): Promise<string> {
  const base = basename(file);
  const names = (await readdir(dirname(file))).filter((n) => n.startsWith(base)).sort();
  const sizes = await Promise.all(
    names.map(async (n) => (await stat(join(dirname(file), n))).size),
  );
  return names
    .map((n, i) => `${n.slice(base.length) || '(data file)'} ${(sizes[i] / MB).toFixed(1)} MB`)
    .join(', ');
}

function row(label: string, f: RunFigures): string {
  return (
    `  ${label.padEnd(15)} event p50 ${f.eventP50.toFixed(1).padStart(7)} ms p99 ${f.eventP99.toFixed(1).padStart(7)} ms` +
    ` | ack p50 ${f.ackP50.toFixed(1).padStart(7)} ms p99 ${f.ackP99.toFixed(1).padStart(7)} ms` +
    ` | CPU ${f.cpu.toFixed(0).padStart(3)}% | RSS ${f.rssMb.toFixed(0).padStart(4)} MB` +
    ` | ${f.throughput.toFixed(0).padStart(6)} acked writes/s (64 in flight)`
  );
}

/** Persistence on (`--data`) and off (in memory) at each database size. */
export async function persistenceBench(o: PersistenceBenchOptions): Promise<void> {
  const rules = join(o.dir, 'rules.json');
  const base = ['--port', '0', '--quiet', '--rules', rules];
  o.print(
    `persistence: ${o.rate} writes/s for ${o.seconds} s (SDK writer -> SDK listener), then ${o.throughputSeconds} s of raw writes`,
  );
  const empty = await timedStart(o.cli, base);
  await empty.child.stop();
  o.print(`  start-up of an empty emulator (tsx + Node boot): ${empty.ms.toFixed(0)} ms`);
  for (const mb of o.sizesMb) {
    const file = join(o.dir, `db-${mb}mb.json`);
    const conversations = await writeDataset(file, mb);
    const onStart = await timedStart(o.cli, [...base, '--data', file]);
    const on = await measure(o, onStart.child);
    const t = performance.now();
    await onStart.child.stop();
    const stopMs = performance.now() - t;
    const files = await filesBeside(file);
    const again = await timedStart(o.cli, [...base, '--data', file]);
    await again.child.stop();

    const offStart = await startChild(o.cli, base);
    const tl = performance.now();
    await loadDatasetByRest(offStart.port, NS, conversations);
    const restLoadMs = performance.now() - tl;
    const off = await measure(o, offStart);
    await offStart.stop();

    o.print(`${mb} MB database (${conversations * 1000} messages)`);
    o.print(row('persistence on', on));
    o.print(row('in memory', off));
    o.print(
      `  start-up: ${onStart.ms.toFixed(0)} ms from the old whole-file data, ${again.ms.toFixed(0)} ms on restart` +
        ` | clean stop ${stopMs.toFixed(0)} ms | in-memory load by REST ${restLoadMs.toFixed(0)} ms`,
    );
    o.print(`  files after the run: ${files}`);
    for (const n of await readdir(o.dir))
      if (n.startsWith(basename(file))) await rm(join(o.dir, n), { recursive: true });
  }
}
