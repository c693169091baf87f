/**
 * A seeded PRNG (mulberry32) so every figure of the scale simulation repeats for a given seed;
 * Math.random would make runs incomparable.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export function seededRandom(seed: number): Random {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n) };
}

/**
 * A power law between `min` and `max` (density ∝ x^-exponent), by inverting its distribution
 * function: the skew of friend counts and group sizes.
 */
export function powerLaw(random: Random, min: number, max: number, exponent: number): number {
  const a = 1 - exponent;
  const lo = min ** a;
  const hi = (max + 1) ** a;
  return Math.min(max, Math.floor((lo + (hi - lo) * random.next()) ** (1 / a)));
}

/** A 32-bit integer hash (murmur3's finalizer): the "hashed id" placement's spread. */
export function hash32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
