import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { startEmulator } from '../src/server';

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  /**
   * The longest time the loop was held, counting only the process's own CPU time within each
   * gap between two turns: on a machine shared with other work, a gap can be long because the
   * process was not scheduled at all, which is not the snapshot writer holding the loop.
   */
  maxCpuMs: number;
  /** The longest garbage-collection pause meanwhile. */
  maxGcMs: number;
}

export interface CompactionFigures {
  ms: number;
  compacting: LoopDelay;
  /** The same sampling over as long a time with the emulator idle: the machine's own noise. */
  idle: LoopDelay;
}

async function sampled(fn: () => Promise<void>): Promise<LoopDelay> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  let maxGcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) maxGcMs = Math.max(maxGcMs, e.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  let maxCpuMs = 0;
  let running = true;
  let cpu = process.cpuUsage();
  const tick = (): void => {
    const used = process.cpuUsage(cpu);
    maxCpuMs = Math.max(maxCpuMs, (used.user + used.system) / 1000);
    cpu = process.cpuUsage();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  h.enable();
  await fn();
  h.disable();
  running = false;
  gc.disconnect();
  return { maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, maxCpuMs, maxGcMs };
}

/** About 8 MB of text with quotes, backslashes and emoji: the slowest kind of string to write. */
const longText = (i: number): string => `say "hi" 😀 \\ ${'x'.repeat(80)} ${i}`.repeat(90_000);

/**
 * Loads `file` in this process and times one compaction, with the event loop's delay sampled
 * every millisecond meanwhile: how long the snapshot writer ever held the loop. With
 * `longStrings`, three leaf strings of about 8 MB are written first.
 */
export async function compactionProbe(
  file: string,
  longStrings = false,
): Promise<CompactionFigures> {
  const emu = await startEmulator({ port: 0, dataFile: file });
  const store = emu.store;
  if (!store) throw new Error('no store');
  const put = (path: string, body: string) =>
    fetch(`http://${emu.host}:${emu.port}/${path}.json?ns=bench`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body,
    });
  // Touch a namespace so that the snapshot holds it, then let the start-up garbage settle.
  await put('probe', '1');
  if (longStrings)
    for (let i = 0; i < 3; i++) await put(`probeLong/s${i}`, JSON.stringify(longText(i)));
  // A compaction the writes above may have started is not the one measured.
  await store.compact();
  await new Promise((r) => setTimeout(r, 200));
  const t = performance.now();
  const compacting = await sampled(() => store.compact());
  const ms = performance.now() - t;
  const idle = await sampled(() => new Promise((r) => setTimeout(r, ms)));
  await emu.close();
  return { ms, compacting, idle };
}
