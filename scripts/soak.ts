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
const stops = results.filter((r) => r.signal !== 'SIGKILL').map((r) => r.stopMs);
const worst = Math.max(...stops);
console.log(
  `\n${results.length - failed.length}/${results.length} clean; graceful stop to ports free: ` +
    `median ${(stops.sort((a, b) => a - b)[Math.floor(stops.length / 2)] / 1000).toFixed(1)} s, ` +
    `worst ${(worst / 1000).toFixed(1)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
