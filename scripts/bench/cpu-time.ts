/**
 * A page's main-thread CPU time around a piece of work, from CDP `Performance.getMetrics`:
 * TaskDuration (every task) and ScriptDuration (script only). Wall time on a shared machine
 * counts the time other processes took the core; these count what the renderer did, so a
 * figure slower on wall time but not on CPU points at the machine, not at the app.
 */
import type { CDPSession } from 'playwright-core';

export interface CpuMs {
  taskMs: number;
  scriptMs: number;
}

const enabled = new WeakSet<CDPSession>();

async function metrics(cdp: CDPSession): Promise<CpuMs> {
  if (!enabled.has(cdp)) {
    await cdp.send('Performance.enable');
    enabled.add(cdp);
  }
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => (all.find((m) => m.name === name)?.value ?? NaN) * 1000;
  return { taskMs: of('TaskDuration'), scriptMs: of('ScriptDuration') };
}

/** Runs `work`, and returns its result with the CPU time the page's main thread spent meanwhile. */
export async function withCpu<T>(
  cdp: CDPSession,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuMs }> {
  const before = await metrics(cdp);
  const result = await work();
  const after = await metrics(cdp);
  return {
    result,
    cpu: { taskMs: after.taskMs - before.taskMs, scriptMs: after.scriptMs - before.scriptMs },
  };
}

/**
 * How a bench wraps each measured piece of work (`what` names it): `withCpu` by default; the
 * trace scripts (sealed-trace.ts, received-trace.ts) record a trace around the ones they read.
 */
export type Around = <T>(
  cdp: CDPSession,
  work: () => Promise<T>,
  what?: 'send' | 'receive',
) => Promise<{ result: T; cpu: CpuMs }>;
