/**
 * `npm test`: the check gate (types, lint, format) and every vitest project (unit, emulator,
 * integration, then e2e), ending with one line that counts everything.
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
  ['rules', ['run', 'rules:check']],
  ['architecture', ['run', 'architecture:check']],
];
for (const [name, args] of checks) {
  if (run(`check: ${name}`, 'npm', args)) tally.passed += 1;
  else tally.failed += 1;
}

mkdirSync(localDir, { recursive: true });
const extra = process.argv.slice(2);

/** One vitest run; its JSON report is added to the tally. Returns whether it passed. */
function vitest(title: string, projects: string[]): boolean {
  const report = join(localDir, `vitest-report-${projects.join('-')}.json`);
  rmSync(report, { force: true });
  const ok = run(title, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
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
    if (results.numFailedTests === 0 && !ok) {
      tally.failed += Math.max(1, results.numFailedTestSuites);
    }
  } catch {
    if (!ok) tally.failed += 1;
  }
  return ok;
}

// The browser suite runs on its own: on two cores, Chromium next to the other suites is slow
// enough to make timing-sensitive steps (toasts, redirects) flaky.
const suitesOk = vitest('tests: unit, emulator, integration', ['unit', 'emulator', 'integration']);
const browserOk = vitest('tests: browser end to end', ['e2e']);
const vitestOk = suitesOk && browserOk;

const ok = tally.failed === 0 && vitestOk;
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(ok ? 0 : 1);
