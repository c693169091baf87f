/**
 * SIGINT or SIGTERM sent to the `npm` process alone (an IDE's stop button, a
 * process manager), not to its process group, stops `npm start` cleanly: every port free, no
 * process left, and an account and value acknowledged just before the signal still there after
 * the next start.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAcknowledged, registerAndWrite, type Acknowledged } from '../../scripts/soak/client';
import { killLeftovers, newSoakEnv, startStack, waitStackGone } from '../../scripts/soak/stack';

/** Generous for a busy two-core machine; a clean stop takes about a second. */
const STOP_BOUND_MS = 30_000;

describe('npm start stopped through the npm process only', () => {
  it('frees every port and keeps the data on SIGTERM and on SIGINT to npm', async () => {
    const { env, hosts, dir } = await newSoakEnv('chat-npm-signal-');
    const acknowledged: Acknowledged[] = [];
    try {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const stack = await startStack(env);
        expect(await checkAcknowledged(hosts, acknowledged)).toEqual([]);
        // Right before the signal: the account is saved only by the clean stop's export.
        acknowledged.push(await registerAndWrite(hosts, `${signal}${Date.now() % 100000}`));
        const exited = new Promise<number | null>((resolve) =>
          stack.child.once('exit', (code) => resolve(code)),
        );
        const signalledAt = Date.now();
        process.kill(stack.child.pid ?? 0, signal); // npm's pid only, not -pgid.
        const gone = await waitStackGone(env, signalledAt, STOP_BOUND_MS);
        expect({ signal, left: gone.left ?? [], busy: gone.busy ?? [] }).toEqual({
          signal,
          left: [],
          busy: [],
        });
        expect(stack.output.some((line) => line.startsWith('Stopped in'))).toBe(true);
        expect(await exited).toBe(0);
      }
      const last = await startStack(env);
      expect(await checkAcknowledged(hosts, acknowledged)).toEqual([]);
      process.kill(last.child.pid ?? 0, 'SIGTERM');
      expect((await waitStackGone(env, Date.now(), STOP_BOUND_MS)).left ?? []).toEqual([]);
    } finally {
      killLeftovers(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
