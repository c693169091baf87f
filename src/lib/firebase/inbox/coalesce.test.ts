import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesceLooks, LOOK_INTERVAL_MS } from './coalesce';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('looks coalesced: at most one per instance every 2 s', () => {
  it('looks at once, then gathers every hint of the next 2 s into one look', () => {
    const looks: [number, string[]][] = [];
    const coalescer = coalesceLooks<string>((instance, keys) => looks.push([instance, keys]));
    coalescer.request(1, 'd:a');
    expect(looks).toEqual([[1, ['d:a']]]);
    coalescer.request(1, 'd:a');
    coalescer.request(1, 'd:b');
    vi.advanceTimersByTime(LOOK_INTERVAL_MS - 1);
    expect(looks).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(looks).toEqual([
      [1, ['d:a']],
      [1, ['d:a', 'd:b']],
    ]);
  });

  it('keeps the instances apart', () => {
    const looks: [number, string[]][] = [];
    const coalescer = coalesceLooks<string>((instance, keys) => looks.push([instance, keys]));
    coalescer.request(1, 'd:a');
    coalescer.request(2, 'd:b');
    expect(looks).toEqual([
      [1, ['d:a']],
      [2, ['d:b']],
    ]);
  });

  it('looks at once again once 2 s have passed without a look', () => {
    const looks: number[] = [];
    const coalescer = coalesceLooks<string>((instance) => looks.push(instance));
    coalescer.request(1, 'd:a');
    vi.advanceTimersByTime(LOOK_INTERVAL_MS);
    coalescer.request(1, 'd:a');
    expect(looks).toEqual([1, 1]);
  });

  it('a flood of hints costs one look per 2 s', () => {
    const looks: number[] = [];
    const coalescer = coalesceLooks<string>((instance) => looks.push(instance));
    for (let ms = 0; ms < 10_000; ms += 50) {
      coalescer.request(1, `d:${String(ms % 7)}`);
      vi.advanceTimersByTime(50);
    }
    expect(looks.length).toBeLessThanOrEqual(10_000 / LOOK_INTERVAL_MS + 1);
    expect(looks.length).toBeGreaterThanOrEqual(10_000 / LOOK_INTERVAL_MS);
  });

  it('drops what waits when stopped', () => {
    const looks: number[] = [];
    const coalescer = coalesceLooks<string>((instance) => looks.push(instance));
    coalescer.request(1, 'd:a');
    coalescer.request(1, 'd:b');
    coalescer.stop();
    vi.advanceTimersByTime(LOOK_INTERVAL_MS);
    coalescer.request(1, 'd:c');
    expect(looks).toEqual([1]);
  });
});
