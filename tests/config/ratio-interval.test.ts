import { describe, expect, it } from 'vitest';
import {
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
