/**
 * `npm start` stopped by each of SIGINT, SIGTERM, SIGHUP and SIGKILL of its process
 * group (right after a page request) leaves nothing running and loses nothing acknowledged.
 * The long form is `npm run soak -- --cycles 20`.
 */
import { describe, expect, it } from 'vitest';
import { runSoak } from '../../scripts/soak/run';

describe('npm start under stop signals', () => {
  it('stops cleanly with every signal and keeps every acknowledged account and value', async () => {
    const lines: string[] = [];
    const results = await runSoak(4, (line) => lines.push(line));
    const signals = new Set(results.slice(0, 4).map((r) => r.signal));
    expect([...signals].sort()).toEqual(['SIGHUP', 'SIGINT', 'SIGKILL', 'SIGTERM']);
    // Every earlier account is checked after each restart, the last ones by a final start.
    expect(results.at(-1)?.checked).toBe(4);
    expect(results.flatMap((r) => r.problems.map((p) => `cycle ${r.cycle}: ${p}`))).toEqual([]);
  }, 420_000); // Five starts of the whole stack: minutes on a busy two-core machine.
});
