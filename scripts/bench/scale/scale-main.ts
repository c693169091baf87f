/**
 * `npm run bench:scale`: the million-people simulation of docs/scaling.md ("Past one
 * database"). It builds a seeded synthetic social graph, places homes and conversations with
 * each placement on N instances, and prints per N the writes and connections per instance at
 * the daily peak, the share of conversations spanning homes, and the smallest N that keeps every
 * instance under half the published limits. Then it measures the app's real send rate on our
 * emulator (send-rate.ts). Nothing is asserted.
 * Flags: --people 1000000, --seed 20261202, --instances 1,2,4,8,16,32,64,128, --no-emulator.
 */
import { parseArgs } from 'node:util';
import { dailyCurve, habits, peakHour } from './activity';
import { defaultGraph, generateGraph } from './graph';
import { limits } from './instance-load';
import { placements, type Placement } from './placement';
import { seededRandom } from './prng';
import { buildModel } from './model';
import { simulate, SLOT_IDLE_SECONDS, type ScaleRun } from './simulate';
import { int, table } from '../report';

function flags() {
  try {
    return parseArgs({
      options: {
        people: { type: 'string', default: String(defaultGraph.people) },
        seed: { type: 'string', default: '20261202' },
        instances: { type: 'string', default: '1,2,4,8,16,32,64,128' },
        'no-emulator': { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\nFlags: --people, --seed, --instances, --no-emulator`);
    process.exit(2);
  }
}
const values = flags();
const people = Number(values.people);
const seed = Number(values.seed);
const counts = values.instances.split(',').map(Number);
// About 550 MB at a million people: two million stay within a laptop's memory.
if (!Number.isInteger(people) || people < 1000 || people > 2_000_000 || !Number.isInteger(seed)) {
  console.error('--people must be an integer from 1000 to 2000000, and --seed an integer');
  process.exit(2);
}
if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 1024)) {
  console.error('--instances must list integers between 1 and 1024, e.g. 1,2,4,8');
  process.exit(2);
}

const started = performance.now();
const log = (line: string) =>
  console.log(`[scale ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const CHATTING_SHARE = 0.1;

log(
  `seed ${String(seed)}, ${int(people)} people, all online at the peak hour (${String(peakHour)}:00)`,
);
const graph = generateGraph({ ...defaultGraph, people }, seededRandom(seed));
const groups = graph.groupOffsets.length - 1;
log(
  `graph: ${int(graph.from.length)} friendships (1:1 conversations), ${int(groups)} groups ` +
    `with ${int(graph.members.length)} memberships`,
);
const model = buildModel(graph, CHATTING_SHARE);
log('peak activity and conversation rates done');

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fixed = (x: number) => int(Math.round(x));
const fits = (run: ScaleRun) => run.load.fitsUnder(0.5);

function row(run: ScaleRun): string[] {
  const w = run.load.writeSpread();
  const c = run.load.connectionSpread();
  return [
    String(run.instances),
    fixed(w.mean),
    fixed(w.p99),
    fixed(w.max),
    fixed(c.mean),
    fixed(c.p99),
    fixed(c.max),
    pct(run.crossHomeConversations),
    pct(run.crossHomeMessages),
    (run.hintWritesPerSecond / run.messagesPerSecond).toFixed(2),
    (run.relayWritesPerSecond / run.messagesPerSecond).toFixed(2),
    fixed(run.slotConnectsPerSecond),
    run.connectionsPerPerson.toFixed(2),
    run.unboundedPerPerson.toFixed(2),
    fits(run) ? 'yes' : 'no',
  ];
}

/**
 * The smallest N under half the limits, to within 1/16: doubling, then halving the gap (the
 * load per instance falls with N).
 */
function smallestFitting(placement: Placement, known: Map<number, ScaleRun>) {
  const run = (n: number) => {
    let r = known.get(n);
    if (!r) known.set(n, (r = simulate(model, placement, n, seed)));
    return r;
  };
  let hi = 1;
  while (!fits(run(hi))) {
    if (hi >= 1024) return undefined;
    hi *= 2;
  }
  let lo = Math.floor(hi / 2);
  while (hi - lo > Math.max(1, Math.ceil(lo / 16))) {
    const mid = (lo + hi) >> 1;
    if (fits(run(mid))) hi = mid;
    else lo = mid;
  }
  return run(hi);
}

const header = [
  'instances',
  'writes/s mean',
  'p99',
  'max',
  'connections mean',
  'p99',
  'max',
  'cross-home conv.',
  'cross-home msgs',
  'hints/msg 1:1',
  'group',
  'slot opens/s',
  'conn./person',
  'if unbounded',
  '< 50%',
];
const smallest: Array<{ placement: string; run: ScaleRun | undefined }> = [];
for (const placement of placements) {
  const known = new Map<number, ScaleRun>();
  const rows = counts.map((n) => {
    const run = simulate(model, placement, n, seed);
    known.set(n, run);
    return row(run);
  });
  const best = smallestFitting(placement, known);
  smallest.push({ placement: placement.name, run: best });
  console.log(table(`Placement: ${placement.name} (per instance at the peak)`, header, rows));
  log(`${placement.name}: done`);
}

console.log(
  table(
    `Smallest N (to within 1/16) with every instance under 50% of ${int(limits.writesPerSecond)} writes/s and ${int(limits.connections)} connections`,
    ['placement', ...header],
    smallest.map(({ placement, run }) =>
      run ? [placement, ...row(run)] : [placement, 'none ≤ 1024'],
    ),
  ),
);
const total = smallest[0].run;
if (total) {
  const all = total.load.writeSpread().mean * total.instances;
  console.log(
    `\nMessages at the peak: ${fixed(total.messagesPerSecond)}/s; writes over the day: ` +
      `${((all * 3600 * dailyCurve.reduce((s, x) => s + x, 0)) / 1e6).toFixed(0)} million ` +
      `(the peak hour's ${fixed(all)}/s shaped by the daily curve).`,
  );
}
const steps = (people * habits.relationStepsPerHour) / 3600;
console.log(
  `Directory instance (requests, friendships, blocks, groups, placement): ~${fixed(steps)} writes/s, ` +
    `~${fixed(2 * steps * SLOT_IDLE_SECONDS)} slot connections (two parties look after each step).`,
);
log(`simulation done; ${String(Math.round(process.memoryUsage().rss / 1e6))} MB resident`);

if (!values['no-emulator']) {
  const { measureSendRate } = await import('./send-rate');
  await measureSendRate(log);
}
process.exit(0);
