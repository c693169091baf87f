/**
 * `npm run soak -- --cycles 20 --sizes 1,10,60`: the local stack through repeated start → write →
 * stop cycles (see run.ts), then SIGKILL under steady writes at each database size in MB
 * (see sizes.ts; `--sizes none` skips it). Uses its own ports and temporary data folders,
 * never `.local/`.
 */
import { parseArgs } from 'node:util';
import { runSoak } from './run';
import { runSizedCrashes } from './sizes';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    sizes: { type: 'string', default: '1,10,60' },
  },
});
const cycles = Number(values.cycles);
if (!Number.isInteger(cycles) || cycles < 0) {
  console.error(`--cycles must be a whole number (0 skips the cycles), got "${values.cycles}"`);
  process.exit(1);
}
const sizes = values.sizes === 'none' ? [] : values.sizes.split(',').map(Number);
if (sizes.some((mb) => !(mb > 0))) {
  console.error(`--sizes must be megabytes separated by commas (or none), got "${values.sizes}"`);
  process.exit(1);
}
const results = cycles > 0 ? await runSoak(cycles) : [];
const failed = results.filter((r) => r.problems.length > 0);
const graceful = results.filter((r) => r.signal !== 'SIGKILL');
const figure = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted.at(-1) ?? 0;
  return `${label}: median ${(median / 1000).toFixed(1)} s, worst ${(worst / 1000).toFixed(1)} s`;
};
if (cycles > 0) printCycles();

function printCycles() {
  console.log(
    `\n${results.length - failed.length}/${results.length} clean (${cycles} cycles + final check)`,
  );
  console.log(
    figure(
      'graceful stop, signal to ports free',
      graceful.map((r) => r.portsFreeMs ?? r.stopMs),
    ),
  );
  console.log(
    figure(
      'graceful stop, signal to no process left',
      graceful.map((r) => r.stopMs),
    ),
  );
  const killed = results.filter((r) => r.signal === 'SIGKILL').map((r) => r.stopMs);
  if (killed.length > 0) console.log(figure('SIGKILL, signal to no process left', killed));
}
let crashFailures = 0;
if (sizes.length > 0) {
  console.log('');
  const rows = await runSizedCrashes(sizes);
  crashFailures = rows.filter((r) => r.problems.length > 0).length;
  console.log(
    `${rows.length - crashFailures}/${rows.length} crash steps kept every acknowledged write`,
  );
}
process.exit(failed.length === 0 && crashFailures === 0 ? 0 : 1);
