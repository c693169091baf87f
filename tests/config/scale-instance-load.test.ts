// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { InstanceLoad, limits } from '../../scripts/bench/scale/instance-load';
import { seededRandom, type Random } from '../../scripts/bench/scale/prng';

/** Knuth's Poisson sampler: fine for the small rates below. */
function poisson(random: Random, rate: number) {
  const limit = Math.exp(-rate);
  let k = 0;
  for (let p = random.next(); p > limit; p *= random.next()) k++;
  return k;
}

describe('the instance counter', () => {
  it('adds rates per instance and averages them over instances', () => {
    const load = new InstanceLoad(4);
    load.addWrites(0, 100);
    load.addWrites(0, 10, 4);
    load.addWrites(3, 60);
    expect(Array.from(load.writes)).toEqual([140, 0, 0, 60]);
    expect(load.writeSpread().mean).toBe(50);
  });

  it("takes the busiest instance's 99th-percentile second as a sampled compound Poisson shows it", () => {
    // 200 single writes and 50 four-write bursts per second on one instance, little on another.
    const load = new InstanceLoad(2);
    load.addWrites(0, 200);
    load.addWrites(0, 50, 4);
    load.addWrites(1, 5);
    const random = seededRandom(11);
    const seconds = Array.from(
      { length: 20_000 },
      () => poisson(random, 200) + 4 * poisson(random, 50),
    ).sort((a, b) => a - b);
    const sampledP99 = seconds[Math.floor(0.99 * seconds.length)];
    const { p99, max } = load.writeSpread();
    // What matters is how far the busy seconds rise above the mean (400): within a tenth.
    expect(Math.abs(p99 - 400 - (sampledP99 - 400)) / (sampledP99 - 400)).toBeLessThan(0.1);
    // Bursts widen the spread: the same mean in single writes has a lower p99.
    const single = new InstanceLoad(1);
    single.addWrites(0, 400);
    expect(single.writeSpread().p99).toBeLessThan(p99);
    expect(max).toBeGreaterThan(p99);
  });

  it('counts steady connections without spread and passing ones as Poisson', () => {
    const load = new InstanceLoad(2);
    load.addConnections(0, 90_000, true);
    load.addConnections(1, 80_000, true);
    load.addConnections(1, 10_000, false);
    const spread = load.connectionSpread();
    expect(spread.mean).toBe(90_000);
    expect(spread.p99).toBeCloseTo(90_000 + 2.326 * 100, 0);
  });

  it('fits under half the published limits only when writes and connections both do', () => {
    const fits = new InstanceLoad(1);
    fits.addWrites(0, 400);
    fits.addConnections(0, 0.5 * limits.connections - 1, true);
    expect(fits.fitsUnder(0.5)).toBe(true);
    const tooManyWrites = new InstanceLoad(1);
    tooManyWrites.addWrites(0, 490);
    expect(tooManyWrites.fitsUnder(0.5)).toBe(false);
    const tooManyConnections = new InstanceLoad(1);
    tooManyConnections.addConnections(0, 0.5 * limits.connections + 1, true);
    expect(tooManyConnections.fitsUnder(0.5)).toBe(false);
  });
});
