/**
 * `npm test`: the check gate (types, lint, format) and every vitest project (unit, emulator,
 * integration, e2e) in one run, ending with one line that counts everything.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { localDir, repoRoot } from './stack/paths';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const tally: Tally = { passed: 0, failed: 0, skipped: 0 };

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  return result.status === 0;
}

const checks: Array<[string, string[]]> = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
];
for (const [name, args] of checks) {
  if (run(`check: ${name}`, 'npm', args)) tally.passed += 1;
  else tally.failed += 1;
}

mkdirSync(localDir, { recursive: true });
const report = join(localDir, 'vitest-report.json');
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const vitestOk = run('tests: unit, emulator, integration, e2e', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);

try {
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  tally.passed += results.numPassedTests;
  tally.failed += results.numFailedTests;
  tally.skipped += results.numPendingTests + results.numTodoTests;
  // A file that fails to load (or a failing global setup) has no tests to count; count it once.
  if (results.numFailedTests === 0 && !vitestOk)
    tally.failed += Math.max(1, results.numFailedTestSuites);
} catch {
  if (!vitestOk) tally.failed += 1;
}

const ok = tally.failed === 0 && vitestOk;
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(ok ? 0 : 1);
