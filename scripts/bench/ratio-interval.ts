/**
 * The ratio of two samples' quantiles (two stacks' figures, section 14) with a seeded bootstrap
 * interval, and a verdict on "within 10%". One median per side cannot say it on a shared machine
 * (earlier runs read 0.69x to 1.74x for one figure), so the verdict is read from the interval:
 * each side resampled with replacement, independently, the ratio recomputed every time.
 */

export type Verdict = 'within 10%' | 'slower' | 'faster' | 'too noisy' | 'too few samples';

export interface RatioInterval {
  ratio: number;
  low: number;
  high: number;
  verdict: Verdict;
}

export interface IntervalOptions {
  /** The quantile compared (0.5: the median). */
  quantile?: number;
  /** Two-sided coverage (0.9: the 5th to the 95th percentile of the resampled ratios). */
  level?: number;
  resamples?: number;
  seed?: number;
  /** The band read as "within" (1.1: within 10%). */
  band?: number;
  /** Fewer samples on a side than this: no interval (one sample resampled is itself). */
  minSamples?: number;
}

/** mulberry32: small and seedable, so a run's interval can be recomputed exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The nearest-rank quantile, as the bench's p50 and p99 elsewhere (`stats` in inbox.ts). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

function resample(values: readonly number[], random: () => number): number[] {
  return values.map(() => values[Math.floor(random() * values.length)] ?? NaN);
}

/** Within: the interval inside 0.9–1.1 (for `band` 1.1); slower: all of it above 1.1. */
export function verdictOf(low: number, high: number, band = 1.1): Verdict {
  if (low >= 2 - band && high <= band) return 'within 10%';
  if (low > band) return 'slower';
  // Faster beyond the band is no regression, but it is not "within" either: said as it is.
  if (high < 2 - band) return 'faster';
  return 'too noisy';
}

/** `two`'s quantile over `one`'s, with its bootstrap interval and verdict. */
export function ratioInterval(
  one: readonly number[],
  two: readonly number[],
  options: IntervalOptions = {},
): RatioInterval {
  const { quantile: q = 0.5, level = 0.9, resamples = 2000, seed = 1, band = 1.1 } = options;
  const { minSamples = 5 } = options;
  const ratio = quantile(two, q) / quantile(one, q);
  if (one.length < minSamples || two.length < minSamples) {
    return { ratio, low: NaN, high: NaN, verdict: 'too few samples' };
  }
  const random = seededRandom(seed);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const r = quantile(resample(two, random), q) / quantile(resample(one, random), q);
    // A zero median on one side (sub-millisecond figures) has no ratio: left out, not infinite.
    if (Number.isFinite(r)) ratios.push(r);
  }
  if (ratios.length < resamples / 2) return { ratio, low: NaN, high: NaN, verdict: 'too noisy' };
  const tail = (1 - level) / 2;
  const low = quantile(ratios, tail);
  const high = quantile(ratios, 1 - tail);
  return { ratio, low, high, verdict: verdictOf(low, high, band) };
}

/** One run's samples of a figure, one and two instances. */
export interface RunSides {
  one: readonly number[];
  two: readonly number[];
}

export interface PooledInterval extends RatioInterval {
  /** The runs counted, and how: each run's ratio from its own samples, or one ratio per run. */
  runs: number;
  method: 'within runs' | 'run ratios';
}

const logRatio = (one: readonly number[], two: readonly number[], q: number) =>
  Math.log(quantile(two, q) / quantile(one, q));

/**
 * Several runs' ratio, without letting the machine's state of each run widen it: runs on this
 * machine differ by 2x in level (a typecheck beside one), so their samples put together are
 * mostly that difference. Each run's ratio is read from its own two sides, measured turn by turn
 * in the same minutes; the pooled ratio is their geometric mean weighted by samples, and the
 * interval resamples within each run (a stratified bootstrap). A figure with one sample per run
 * (the first open) is read as one ratio per run, resampled across runs.
 */
export function pooledRatioInterval(
  runs: readonly RunSides[],
  options: IntervalOptions = {},
): PooledInterval {
  const { quantile: q = 0.5, level = 0.9, resamples = 2000, seed = 1, band = 1.1 } = options;
  const { minSamples = 5 } = options;
  const measured = runs.filter((run) => run.one.length > 0 && run.two.length > 0);
  const full = measured.filter((r) => r.one.length >= minSamples && r.two.length >= minSamples);
  const random = seededRandom(seed);
  // Each run's own samples when it has enough of them, else one ratio per run.
  const method: PooledInterval['method'] = full.length > 0 ? 'within runs' : 'run ratios';
  const counted = method === 'within runs' ? full : measured;
  const weights = counted.map((run) =>
    method === 'within runs' ? Math.min(run.one.length, run.two.length) : 1,
  );
  const total = weights.reduce((s, w) => s + w, 0);
  /** The runs' ratios' geometric mean, weighted; `logs[i]` is run i's log ratio. */
  const mean = (logs: readonly number[]) =>
    Math.exp(logs.reduce((s, l, i) => s + l * (weights[i] ?? 0), 0) / total);
  const logs = counted.map((run) => logRatio(run.one, run.two, q));
  const ratio = mean(logs);
  const none = (verdict: Verdict) => ({
    ratio,
    low: NaN,
    high: NaN,
    verdict,
    runs: counted.length,
    method,
  });
  if (method === 'run ratios' && counted.length < minSamples) return none('too few samples');
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const r =
      method === 'within runs'
        ? mean(
            counted.map((run) => logRatio(resample(run.one, random), resample(run.two, random), q)),
          )
        : mean(resample(logs, random));
    if (Number.isFinite(r)) ratios.push(r);
  }
  if (ratios.length < resamples / 2) return none('too noisy');
  const tail = (1 - level) / 2;
  const low = quantile(ratios, tail);
  const high = quantile(ratios, 1 - tail);
  return { ratio, low, high, verdict: verdictOf(low, high, band), runs: counted.length, method };
}

/** Part 6's reading (#43, "no regression"): the whole interval at most `band` (10%) slower. */
export const atMostSlower = (r: RatioInterval, band = 1.1): boolean =>
  Number.isFinite(r.high) && r.high <= band;
