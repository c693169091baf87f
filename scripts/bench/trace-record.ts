/**
 * Recording a page's trace over CDP around a piece of work, with V8's sampling profiler, for
 * trace-read.ts; and the two stacks of section 14 the trace scripts (sealed-trace.ts,
 * received-trace.ts) compare.
 */
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { localDir } from '../stack/paths';
import { launchBrowser } from './browser';
import type { CpuMs } from './cpu-time';
import { startBenchStack, type BenchStack } from './stack';
import type { TraceEvent } from './trace-read';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

async function traced(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: unknown[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => {
    cdp.once('Tracing.tracingComplete', () => resolve());
  });
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await work();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/**
 * For an `Around` (cpu-time.ts): runs `work` traced and hands its result with the trace to
 * `keep`. Its CPU is not read (the trace slows the page).
 */
export async function tracedWork<T>(
  cdp: CDPSession,
  work: () => Promise<T>,
  keep: (result: T, events: TraceEvent[]) => void,
): Promise<{ result: T; cpu: CpuMs }> {
  let result: T | undefined;
  const events = await traced(cdp, async () => {
    result = await work();
  });
  keep(result as T, events);
  return { result: result as T, cpu: { taskMs: NaN, scriptMs: NaN } };
}

/**
 * Runs `work` with a browser and the two stacks of section 14 (one instance, two; each built
 * into a dist of its own, whose source maps trace-read.ts reads), stopped afterwards.
 */
export async function onBothStacks(
  work: (browser: Browser, stacks: BenchStack[], log: (line: string) => void) => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[trace ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  const browser = await launchBrowser();
  const stacks: BenchStack[] = [];
  try {
    for (const n of [1, 2])
      stacks.push(await startBenchStack(log, join(localDir, `bench-dist-${String(n)}i`), n));
    await work(browser, stacks, log);
  } finally {
    for (const stack of stacks) await stack.stop();
    await browser.close();
  }
}
