// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { estimatedCount, firstAt, FIRST_AT_RESOLUTION_MS } from './search-estimate';

const HOUR = 3_600_000;

describe('the history total', () => {
  it('counts a read history exactly and a conversation not begun as one page', () => {
    expect(estimatedCount(undefined, 200)).toBe(200);
    const done = { oldest: { id: 'a', createdAt: 0 }, newest: 10 * HOUR, done: true, count: 734 };
    expect(estimatedCount(done, 200)).toBe(734);
  });

  it('extrapolates an unfinished history at its rate back to its first message', () => {
    // 400 read over the last 10 hours; the first message 30 hours before the oldest read.
    const mark = {
      oldest: { id: 'a', createdAt: 100 * HOUR },
      newest: 110 * HOUR,
      done: false,
      count: 400,
      firstAt: 70 * HOUR,
    };
    expect(estimatedCount(mark, 200)).toBe(400 + 1200);
    // Without the probe's answer: at least one more than read.
    expect(estimatedCount({ ...mark, firstAt: undefined }, 200)).toBe(401);
  });

  it('finds the first message’s time to within an hour by halving', async () => {
    const first = Date.UTC(2024, 2, 5, 13, 27);
    const probes: number[] = [];
    const found = await firstAt(Date.UTC(2026, 0, 1), (at) => {
      probes.push(at);
      return Promise.resolve(first < at);
    });
    expect(found).toBeGreaterThan(first);
    expect(found - first).toBeLessThanOrEqual(FIRST_AT_RESOLUTION_MS);
    expect(probes.length).toBeLessThan(25);
  });
});
