// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inSlices } from './search-time-slicing';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('work in slices', () => {
  it('does every item, and lets a queued task run between slices', async () => {
    const done: number[] = [];
    let between = -1;
    setTimeout(() => (between = done.length), 0);
    const longest = await inSlices(
      Array.from({ length: 20 }, (_, i) => i),
      (i) => {
        busy(5);
        done.push(i);
      },
      12,
    );
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // The timer ran after the first slice, not after all twenty items.
    expect(between).toBeGreaterThan(0);
    expect(between).toBeLessThan(20);
    expect(longest).toBeGreaterThanOrEqual(10);
  });
});
