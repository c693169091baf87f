/**
 * `npm run soak -- --cycles 20`: the local stack through repeated start → write → stop cycles
 * (see soak-run.ts). Uses its own ports and a temporary data folder, never `.local/`.
 */
import { parseArgs } from 'node:util';
import { runSoak } from './soak-run';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '20' } } });
const cycles = Number(values.cycles);
if (!Number.isInteger(cycles) || cycles < 1) {
  console.error(`--cycles must be a positive whole number, got "${values.cycles}"`);
  process.exit(1);
}
const results = await runSoak(cycles);
const failed = results.filter((r) => r.problems.length > 0);
const graceful = results.filter((r) => r.signal !== 'SIGKILL');
const figure = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted.at(-1) ?? 0;
  return `${label}: median ${(median / 1000).toFixed(1)} s, worst ${(worst / 1000).toFixed(1)} s`;
};
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
process.exit(failed.length === 0 ? 0 : 1);
