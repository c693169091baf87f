import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEmulator } from '../src/server';

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
}

export interface CompactionFigures {
  ms: number;
  compacting: LoopDelay;
  /** The same sampling over as long a time with the emulator idle: the machine's own noise. */
  idle: LoopDelay;
}

async function sampled(fn: () => Promise<void>): Promise<LoopDelay> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  await fn();
  h.disable();
  return { maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6 };
}

/**
 * Loads `file` in this process and times one compaction, with the event loop's delay sampled
 * every millisecond meanwhile: how long the snapshot writer ever held the loop.
 */
export async function compactionProbe(file: string): Promise<CompactionFigures> {
  const emu = await startEmulator({ port: 0, dataFile: file });
  const store = emu.store;
  if (!store) throw new Error('no store');
  // Touch a namespace so that the snapshot holds it, then let the start-up garbage settle.
  await fetch(`http://${emu.host}:${emu.port}/probe.json?ns=bench`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: '1',
  });
  await new Promise((r) => setTimeout(r, 200));
  const t = performance.now();
  const compacting = await sampled(() => store.compact());
  const ms = performance.now() - t;
  const idle = await sampled(() => new Promise((r) => setTimeout(r, ms)));
  await emu.close();
  return { ms, compacting, idle };
}
