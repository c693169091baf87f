import { describe, expect, it } from 'vitest';
import {
  atMostSlower,
  pooledRatioInterval,
  quantile,
  ratioInterval,
  seededRandom,
  verdictOf,
} from '../../scripts/bench/ratio-interval';

/** `n` samples around `centre`, spread ±`spread` (fraction), from a seeded stream. */
function samples(n: number, centre: number, spread: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => centre * (1 + spread * (2 * random() - 1)));
}

describe('quantile', () => {
  it('is the nearest rank, as the bench reads p50 and p99', () => {
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(99);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('verdictOf', () => {
  it('reads within only inside 0.9–1.1, slower above, faster below, noisy across', () => {
    expect(verdictOf(0.92, 1.08)).toBe('within 10%');
    expect(verdictOf(0.9, 1.1)).toBe('within 10%');
    expect(verdictOf(0.95, 1.15)).toBe('too noisy');
    expect(verdictOf(0.85, 1.05)).toBe('too noisy');
    expect(verdictOf(1.12, 1.4)).toBe('slower');
    expect(verdictOf(0.6, 0.85)).toBe('faster');
  });
});

describe('ratioInterval', () => {
  it('says within 10% for two tight samples of one distribution', () => {
    const r = ratioInterval(samples(400, 100, 0.1, 1), samples(400, 100, 0.1, 2));
    expect(r.low).toBeLessThan(1);
    expect(r.high).toBeGreaterThan(1);
    expect(r.verdict).toBe('within 10%');
  });

  it('says slower when the second side is a third slower, its interval around 1.33', () => {
    const r = ratioInterval(samples(200, 100, 0.1, 3), samples(200, 133, 0.1, 4));
    expect(r.ratio).toBeGreaterThan(1.25);
    expect(r.low).toBeGreaterThan(1.1);
    expect(r.low).toBeLessThan(r.ratio);
    expect(r.high).toBeGreaterThan(r.ratio);
    expect(r.verdict).toBe('slower');
  });

  it('says too noisy for few, widely spread samples, even with equal medians', () => {
    const r = ratioInterval(samples(8, 100, 0.9, 5), samples(8, 100, 0.9, 6));
    expect(r.high - r.low).toBeGreaterThan(0.2);
    expect(r.verdict).toBe('too noisy');
  });

  it('gives no interval under the minimum of samples per side', () => {
    const r = ratioInterval([100, 120], [110, 130, 90, 100, 105]);
    expect(r.ratio).toBeCloseTo(105 / 100);
    expect(r.low).toBeNaN();
    expect(r.verdict).toBe('too few samples');
  });

  it('is the same for the same seed and moves with another', () => {
    const one = samples(30, 100, 0.5, 7);
    const two = samples(30, 110, 0.5, 8);
    expect(ratioInterval(one, two, { seed: 42 })).toEqual(ratioInterval(one, two, { seed: 42 }));
    expect(ratioInterval(one, two, { seed: 42 }).low).not.toBe(
      ratioInterval(one, two, { seed: 43 }).low,
    );
  });

  it('compares another quantile when asked (the inbox p99)', () => {
    const one = [...Array.from({ length: 99 }, () => 1), 50];
    const two = [...Array.from({ length: 98 }, () => 1), 200, 200];
    const r = ratioInterval(one, two, { quantile: 0.99 });
    expect(r.ratio).toBe(200);
    expect(ratioInterval(one, two).ratio).toBe(1);
  });
});

describe('pooledRatioInterval', () => {
  // Two runs of one distribution, the second run's machine twice as slow on both sides.
  const levels = [
    { one: samples(40, 100, 0.2, 11), two: samples(40, 100, 0.2, 12) },
    { one: samples(40, 200, 0.2, 13), two: samples(40, 200, 0.2, 14) },
  ];

  it("reads each run's ratio from its own samples, so runs at two levels still say within", () => {
    const pooled = pooledRatioInterval(levels);
    expect(pooled.method).toBe('within runs');
    expect(pooled.runs).toBe(2);
    expect(pooled.verdict).toBe('within 10%');
    // The same samples thrown together: the level difference widens the interval past the band.
    const thrown = ratioInterval(
      levels.flatMap((run) => run.one),
      levels.flatMap((run) => run.two),
    );
    expect(thrown.high - thrown.low).toBeGreaterThan(pooled.high - pooled.low);
    expect(thrown.verdict).toBe('too noisy');
  });

  it('says slower when the second side is a quarter slower in every run', () => {
    const r = pooledRatioInterval([
      { one: samples(80, 100, 0.1, 21), two: samples(80, 125, 0.1, 22) },
      { one: samples(80, 200, 0.1, 23), two: samples(80, 250, 0.1, 24) },
    ]);
    expect(r.ratio).toBeGreaterThan(1.2);
    expect(r.verdict).toBe('slower');
    expect(atMostSlower(r)).toBe(false);
  });

  it('weights runs by their samples and skips runs without samples on a side', () => {
    const big = { one: samples(200, 100, 0.05, 31), two: samples(200, 100, 0.05, 32) };
    const small = { one: samples(5, 100, 0.05, 33), two: samples(5, 150, 0.05, 34) };
    const r = pooledRatioInterval([big, small, { one: [], two: [1, 2, 3, 4, 5] }]);
    expect(r.runs).toBe(2);
    // 200 samples at 1.0 and 5 at 1.5: the geometric mean weighted 200:5.
    expect(r.ratio).toBeGreaterThan(1);
    expect(r.ratio).toBeLessThan(1.02);
  });

  it('reads a figure with one sample per run as one ratio per run, from five runs on', () => {
    const run = (one: number, two: number) => ({ one: [one], two: [two] });
    const two = pooledRatioInterval([run(900, 450), run(500, 260)]);
    expect(two.method).toBe('run ratios');
    expect(two.verdict).toBe('too few samples');
    expect(two.ratio).toBeCloseTo(Math.sqrt(0.5 * 0.52));
    const five = pooledRatioInterval([
      run(900, 450),
      run(500, 260),
      run(600, 290),
      run(700, 360),
      run(800, 410),
    ]);
    expect(five.runs).toBe(5);
    expect(five.verdict).toBe('faster');
    expect(atMostSlower(five)).toBe(true);
  });

  it('is not shown at most 10% slower without an interval', () => {
    expect(atMostSlower({ ratio: 1, low: NaN, high: NaN, verdict: 'too few samples' })).toBe(false);
  });
});
