/**
 * Splits the browser suite's files into shards of about equal running time, by each file's
 * seconds in `tests/support/e2e-shard-weights.json` (a file not listed there counts as the median).
 * `npx tsx scripts/test-shards.ts --write` refreshes those seconds from the last `npm test`'s
 * reports in `.local/`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localDir, repoRoot } from './stack/paths';

const e2eDir = join(repoRoot, 'tests', 'e2e');
const weightsFile = join(repoRoot, 'tests', 'support', 'e2e-shard-weights.json');

type Weights = Record<string, number>;

function readWeights(): Weights {
  return existsSync(weightsFile) ? (JSON.parse(readFileSync(weightsFile, 'utf8')) as Weights) : {};
}

/** The browser suite's files, as paths from the repository's root, dealt into `count` shards. */
export function browserShards(count: number): string[][] {
  const files = readdirSync(e2eDir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort();
  const weights = readWeights();
  const known = files.filter((name) => name in weights).map((name) => weights[name]);
  const median = known.sort((a, b) => a - b)[Math.floor(known.length / 2)] ?? 1;
  const weighed = files
    .map((name) => ({ name, seconds: name in weights ? weights[name] : median }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  // Longest first, each to the lightest shard: within one file of the best split.
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  for (const { name, seconds } of weighed) {
    const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.seconds += seconds;
    lightest.files.push(`tests/e2e/${name}`);
  }
  return shards.map((shard) => shard.files).filter((files) => files.length > 0);
}

/** Each browser test file's seconds in the last run's shard reports. */
function measuredWeights(): Weights {
  const weights: Weights = {};
  for (const report of readdirSync(localDir).filter((name) =>
    /^vitest-report-e2e(-\d+)?\.json$/.test(name),
  )) {
    const { testResults } = JSON.parse(readFileSync(join(localDir, report), 'utf8')) as {
      testResults: { name: string; startTime: number; endTime: number }[];
    };
    for (const result of testResults) {
      weights[basename(result.name)] = Math.round((result.endTime - result.startTime) / 1000);
    }
  }
  return weights;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const weights = { ...readWeights(), ...measuredWeights() };
  const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(weightsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${Object.keys(sorted).length} files' seconds written to ${weightsFile}`);
}
