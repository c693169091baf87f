/**
 * `npx tsx scripts/bench/sealed-trace.ts`: where a sealed send's time goes, on one instance and
 * on two (#43 part 6), as section 14 sets them up. Every counted sealed send is traced over CDP
 * (with V8's sampling profiler) and its main thread from Enter to the bubble is read by kind of
 * work and by function (trace-read.ts). Printed, nothing asserted; the trace slows the
 * page, so the times are for comparing the two stacks, not for section 14's figures.
 * BENCH_TRACE_ROUNDS (6) rounds of 4 counted sends on each stack, taking turns.
 */
import type { CDPSession } from 'playwright-core';
import { prepareSealed } from './chat-sealed';
import { withCpu, type Around } from './cpu-time';
import { PLACED_ON } from './instances-compare';
import { onDirectory, onInstance } from './placed';
import { printTraced, type TracedWindow } from './trace-read';
import { onBothStacks, tracedWork } from './trace-record';

const ROUNDS = Number(process.env.BENCH_TRACE_ROUNDS ?? 6);
const PER_ROUND = 4;

await onBothStacks(async (browser, stacks, log) => {
  const sends: TracedWindow[][] = [[], []];
  const sessions = [];
  for (const [n, stack] of stacks.entries()) {
    const place = n === 0 ? onDirectory(stack.target) : onInstance(stack.target, PLACED_ON);
    let sealedPage: CDPSession | undefined;
    let count = 0;
    const around: Around = (cdp, work) => {
      sealedPage ??= cdp; // each round sends in the sealed conversation first
      if (cdp !== sealedPage) return withCpu(cdp, work);
      // Each round's first send is a warm-up (a new epoch key's wraps), as in section 14.
      const counted = count++ % (PER_ROUND + 1) !== 0;
      return tracedWork(cdp, work, (ms, events) => {
        if (counted) sends[n]?.push({ ms: Number(ms), events });
      });
    };
    sessions.push(await prepareSealed(browser, stack.target, stack.appUrl, place, around));
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const n of r % 2 === 0 ? [0, 1] : [1, 0]) await sessions[n]?.round(r, PER_ROUND);
    log(`round ${String(r + 1)} of ${String(ROUNDS)} on both`);
  }
  for (const session of sessions) await session.finish();
  for (const [n, stack] of stacks.entries())
    printTraced(
      n === 0 ? '1 instance' : '2 instances',
      'sealed sends, Enter to bubble',
      sends[n] ?? [],
      stack.outDir,
    );
});
process.exit(0);
