/**
 * The instance counter: what each instance carries at the peak. Writes arrive as independent
 * streams of events (a message, a typing burst, a hint), so each instance's writes in one second
 * are a compound Poisson count: its mean is Σ rate × size and its variance Σ rate × size². The
 * published limit is per second, so the busiest seconds matter, not the hour's average.
 */
export const limits = { writesPerSecond: 1000, connections: 200_000 } as const;

/** One-sided normal quantiles: 99% of seconds, and the highest of the hour's 3,600. */
const Z99 = 2.326;
const ZHOUR = 3.45;

export interface Spread {
  mean: number;
  /** The busiest instance's 99th-percentile second. */
  p99: number;
  /** The busiest instance's highest second of the peak hour (expected). */
  max: number;
}

export class InstanceLoad {
  readonly writes: Float64Array;
  readonly writeVariance: Float64Array;
  readonly connections: Float64Array;
  /** The part of connections that comes and goes (looks), counted as Poisson. */
  readonly connectionVariance: Float64Array;

  constructor(readonly instances: number) {
    this.writes = new Float64Array(instances);
    this.writeVariance = new Float64Array(instances);
    this.connections = new Float64Array(instances);
    this.connectionVariance = new Float64Array(instances);
  }

  /** `rate` events per second on `instance`, each of `size` writes. */
  addWrites(instance: number, rate: number, size = 1): void {
    this.writes[instance] += rate * size;
    this.writeVariance[instance] += rate * size * size;
  }

  /** `expected` connections held on `instance`; `steady` ones stay the whole peak hour. */
  addConnections(instance: number, expected: number, steady: boolean): void {
    this.connections[instance] += expected;
    if (!steady) this.connectionVariance[instance] += expected;
  }

  private spread(mean: Float64Array, variance: Float64Array): Spread {
    let sum = 0;
    let p99 = 0;
    let max = 0;
    for (let k = 0; k < this.instances; k++) {
      sum += mean[k];
      p99 = Math.max(p99, mean[k] + Z99 * Math.sqrt(variance[k]));
      max = Math.max(max, mean[k] + ZHOUR * Math.sqrt(variance[k]));
    }
    return { mean: sum / this.instances, p99, max };
  }

  writeSpread(): Spread {
    return this.spread(this.writes, this.writeVariance);
  }

  connectionSpread(): Spread {
    return this.spread(this.connections, this.connectionVariance);
  }

  /** Every instance's busiest seconds under `share` of both published limits. */
  fitsUnder(share: number): boolean {
    return (
      this.writeSpread().p99 <= share * limits.writesPerSecond &&
      this.connectionSpread().p99 <= share * limits.connections
    );
  }
}
