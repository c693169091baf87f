/**
 * The soak: start → register and write → page request → signal, over and over, with SIGINT,
 * SIGTERM, SIGHUP and SIGKILL of the whole process group at random moments. After each stop,
 * nothing of the stack may be left running; after each start, everything acknowledged before
 * (at least 3 s before, for SIGKILL) must still be there, and the demo data must not be wiped.
 */
import { rmSync } from 'node:fs';
import { demoUsers } from '../demo/users';
import { checkAcknowledged, countUsers, registerAndWrite, type Acknowledged } from './client';
import { killLeftovers, newSoakEnv, startStack, waitStackGone } from './stack';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGKILL'] as const;
type Signal = (typeof SIGNALS)[number];

export interface CycleResult {
  cycle: number;
  signal: Signal;
  delayMs: number;
  checked: number;
  /** From the signal to every port free and no process of the stack left. */
  stopMs: number;
  /** From the signal to every port free. */
  portsFreeMs?: number;
  problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each block of four cycles uses every signal once, in a random order. */
function signalOrder(cycles: number): Signal[] {
  const order: Signal[] = [];
  while (order.length < cycles) {
    order.push(...[...SIGNALS].sort(() => Math.random() - 0.5));
  }
  return order.slice(0, cycles);
}

export async function runSoak(
  cycles: number,
  report: (line: string) => void = console.log,
): Promise<CycleResult[]> {
  const { env, hosts, dir } = await newSoakEnv('chat-soak-');
  const acknowledged: Acknowledged[] = [];
  const results: CycleResult[] = [];
  try {
    for (const [index, signal] of signalOrder(cycles).entries()) {
      const cycle = index + 1;
      const problems: string[] = [];
      const stack = await startStack(env);
      const seededLine = cycle === 1 ? 'Demo data seeded.' : 'Existing local data kept.';
      if (!stack.output.includes(seededLine)) problems.push(`no "${seededLine}" line`);
      problems.push(...(await checkAcknowledged(hosts, acknowledged)));
      const users = await countUsers(hosts);
      if (users !== demoUsers.length) problems.push(`${users} users records, not the demo ones`);
      acknowledged.push(await registerAndWrite(hosts, `${cycle}x${Date.now() % 100000}`));
      const ackedAt = Date.now();
      const page = await fetch(`http://127.0.0.1:${env.ports.app}/`);
      if (page.status !== 200) problems.push(`page answered ${page.status}`);
      await page.text();
      // A crash only promises what was acknowledged 3 s before; a clean stop promises all.
      const delayMs =
        signal === 'SIGKILL'
          ? 3000 - (Date.now() - ackedAt) + Math.round(Math.random() * 1000)
          : Math.random() < 0.5
            ? 0
            : Math.round(Math.random() * 1500);
      await sleep(Math.max(0, delayMs));
      const pgid = stack.child.pid ?? 0;
      const signalledAt = Date.now();
      process.kill(-pgid, signal);
      const gone = await waitStackGone(env, signalledAt);
      if (gone.left?.length) problems.push(`processes left: ${gone.left.join(' ')}`);
      if (gone.busy?.length) problems.push(`ports still busy: ${gone.busy.join(' ')}`);
      const secs = (ms?: number) => (ms === undefined ? '?' : (ms / 1000).toFixed(1));
      if (signal !== 'SIGKILL' && !stack.output.some((l) => l.startsWith('Stopped in'))) {
        problems.push('no "Stopped in" line');
      }
      if (problems.length > 0) killLeftovers(dir);
      const result = {
        cycle,
        signal,
        delayMs,
        checked: acknowledged.length - 1,
        stopMs: gone.ms,
        portsFreeMs: gone.portsFreeMs,
        problems,
      };
      results.push(result);
      report(
        `cycle ${cycle} ${signal.padEnd(7)} after ${String(delayMs).padStart(4)} ms: ` +
          `${result.checked} earlier account(s) checked; ports free in ${secs(gone.portsFreeMs)} s, ` +
          `nothing left in ${secs(gone.ms)} s` +
          (problems.length ? `\n  ✖ ${problems.join('\n  ✖ ')}` : ' ✔'),
      );
    }
    // A last start: the final cycle's data must be there too.
    const stack = await startStack(env);
    const problems = await checkAcknowledged(hosts, acknowledged);
    process.kill(-(stack.child.pid ?? 0), 'SIGINT');
    const gone = await waitStackGone(env, Date.now());
    if (gone.left?.length || gone.busy?.length) problems.push('final stop left processes');
    results.push({
      cycle: cycles + 1,
      signal: 'SIGINT',
      delayMs: 0,
      checked: acknowledged.length,
      stopMs: gone.ms,
      problems,
    });
    report(
      `final check: ${acknowledged.length} account(s)` +
        (problems.length ? `\n  ✖ ${problems.join('\n  ✖ ')}` : ' ✔'),
    );
    return results;
  } finally {
    killLeftovers(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}
