/**
 * Section 14's table: per figure, the two-instance median over the one-instance median with its
 * seeded bootstrap 90% interval (ratio-interval.ts) and the verdict, first for this run, then
 * for every kept run of the same kind pooled (instances-runs.ts). One run's medians on a shared
 * machine cannot say "within 10%"; the interval says whether the samples can.
 */
import { PLACED_ON, type InstancesComparison } from './instances-compare';
import { FIGURES, keptRuns, pooled, type RunRecord } from './instances-runs';
import { quantile as quantileOf, ratioInterval, type RatioInterval } from './ratio-interval';
import { int, ms, table } from './report';

const interval = (r: RatioInterval) =>
  Number.isNaN(r.low) ? '' : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`;

function rows(samplesOf: (key: string) => { one: number[]; two: number[] }): string[][] {
  return FIGURES.map(({ key, label, quantile }) => {
    const { one, two } = samplesOf(key);
    const r = ratioInterval(one, two, { quantile });
    return [
      label,
      `${ms(quantileOf(one, quantile))} (${String(one.length)})`,
      `${ms(quantileOf(two, quantile))} (${String(two.length)})`,
      `${r.ratio.toFixed(2)}x`,
      interval(r),
      one.length && two.length ? r.verdict : 'not measured',
    ];
  });
}

const HEADER = [
  'figure',
  'one instance (n)',
  'two instances (n)',
  'two / one',
  '90% interval',
  'verdict',
];
const load = (run: RunRecord) =>
  `load average ${run.load.start[0]?.toFixed(1) ?? '?'} → ${run.load.end[0]?.toFixed(1) ?? '?'}`;

export function printInstancesSummary(r: InstancesComparison): void {
  const { record } = r;
  const { chatSends, sealedRounds, inboxMessages } = r.knobs;
  console.log(
    table(
      `14. One instance against two (the conversations on instance ${String(PLACED_ON)}), this run ` +
        `(${load(record)}): ${String(chatSends)} chat rounds, ${String(sealedRounds)} sealed rounds, ` +
        `${String(inboxMessages)} inbox samples per stack, taking turns; CPU: the page's main thread`,
      HEADER,
      rows((key) => record.samples[key] ?? { one: [], two: [] }),
    ),
  );
  const runs = keptRuns(record.reply);
  console.log(
    table(
      `14. Pooled: ${String(runs.length)} kept runs (replies '${record.reply}', .local/bench-instances/), ` +
        runs.map(load).join('; '),
      HEADER,
      rows((key) => pooled(runs, key)),
    ),
  );
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
