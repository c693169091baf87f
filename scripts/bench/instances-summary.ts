/**
 * Section 14's table: per figure, the two-instance figure over the one-instance figure with its
 * seeded bootstrap 90% interval (ratio-interval.ts) and the verdict, first for this run, then
 * for every kept run of the same kind pooled (instances-runs.ts), each run's ratio read from its
 * own samples. One run's medians on a shared machine cannot say "within 10%"; the interval says
 * whether the samples can.
 */
import { PLACED_ON, type InstancesComparison } from './instances-compare';
import { FIGURES, keptRuns, samplesOf, type RunRecord } from './instances-runs';
import {
  atMostSlower,
  pooledRatioInterval,
  quantile as quantileOf,
  ratioInterval,
  type RatioInterval,
} from './ratio-interval';
import { int, ms, table } from './report';

const interval = (r: RatioInterval) =>
  Number.isNaN(r.low) ? '' : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`;

interface Row {
  label: string;
  one: string;
  two: string;
  r: RatioInterval;
  measured: boolean;
}

const cells = ({ label, one, two, r, measured }: Row) => [
  label,
  one,
  two,
  `${r.ratio.toFixed(2)}x`,
  interval(r),
  measured ? r.verdict : 'not measured',
  measured && atMostSlower(r) ? 'yes' : 'no',
];

const HEADER = [
  'figure',
  'one instance (n)',
  'two instances (n)',
  'two / one',
  '90% interval',
  'verdict',
  '≤ 10% slower',
];
const load = (run: RunRecord) =>
  `load average ${run.load.start[0]?.toFixed(1) ?? '?'} → ${run.load.end[0]?.toFixed(1) ?? '?'}`;

function thisRun(record: RunRecord): Row[] {
  return FIGURES.map((figure) => {
    const { label, quantile } = figure;
    const { one, two } = samplesOf(record, figure);
    return {
      label,
      one: `${ms(quantileOf(one, quantile))} (${String(one.length)})`,
      two: `${ms(quantileOf(two, quantile))} (${String(two.length)})`,
      r: ratioInterval(one, two, { quantile }),
      measured: one.length > 0 && two.length > 0,
    };
  });
}

function pooledRows(runs: RunRecord[]): Row[] {
  return FIGURES.map((figure) => {
    const { label, quantile } = figure;
    const sides = runs.map((run) => samplesOf(run, figure));
    const r = pooledRatioInterval(sides, { quantile });
    const n = (side: 'one' | 'two') => sides.reduce((s, run) => s + run[side].length, 0);
    return {
      label,
      one: `(${String(n('one'))})`,
      two: `(${String(n('two'))})`,
      r,
      measured: r.runs > 0,
    };
  });
}

/** The pooled table of every kept run of a reply kind, and part 6's reading of it. */
export function printPooled(reply: string): void {
  const runs = keptRuns(reply);
  const rows = pooledRows(runs);
  console.log(
    table(
      `14. Pooled: ${String(runs.length)} kept runs (replies '${reply}', docs/bench-runs/instances/), ` +
        `each run's ratio from its own samples, weighted by samples; ${runs.map(load).join('; ')}`,
      HEADER,
      rows.map(cells),
    ),
  );
  const shown = rows.filter((row) => row.measured && atMostSlower(row.r));
  const missing = rows.filter((row) => !shown.includes(row)).map((row) => row.label.trim());
  console.log(
    `Part 6 (#43, no regression): ${String(shown.length)} of ${String(rows.length)} figures shown ` +
      `at most 10% slower on two instances (the whole 90% interval at or under 1.10)` +
      (missing.length ? `; not shown: ${missing.join('; ')}.` : '.'),
  );
}

export function printInstancesSummary(r: InstancesComparison): void {
  const { record } = r;
  const { chatSends, sealedRounds, inboxMessages } = r.knobs;
  console.log(
    table(
      `14. One instance against two (the conversations on instance ${String(PLACED_ON)}), this run ` +
        `(${load(record)}): ${String(chatSends)} chat rounds, ${String(sealedRounds)} sealed rounds, ` +
        `${String(inboxMessages)} inbox samples per stack, taking turns; CPU: the page's main thread`,
      HEADER,
      thisRun(record).map(cells),
    ),
  );
  printPooled(record.reply);
  console.log(
    'Verdict: within 10% (90% interval inside 0.90–1.10), slower (above 1.10), faster (below ' +
      '0.90), too noisy (wider than that). Bootstrap: 2,000 resamples, seed 1.',
  );
  const stored = r.two.stored;
  console.log(
    `Two-instance pass: the long chat's client was connected to ${r.two.namespaces?.join(' and ') ?? '?'} at once; ` +
      `its messages: ${int(stored?.there ?? 0)} on instance ${String(PLACED_ON)}, ${int(stored?.directory ?? 0)} left on the directory.`,
  );
}
