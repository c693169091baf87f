/**
 * `npm test`: the check gate (types, lint, format, rules, architecture, JavaScript size, in two
 * lanes), the `npm start` signal tests, the vitest projects unit, emulator and integration, then
 * e2e; one closing line counts everything.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { browserShards } from './test-shards';
import { join } from 'node:path';
import { localDir, repoRoot } from './stack/paths';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/**
 * One command. Steps that run side by side keep their output until they end (`buffered`), so
 * each prints in one piece. Every step ends with its wall time, for finding where CI time goes.
 */
function run(title: string, command: string, args: string[], buffered = false): Promise<boolean> {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code) => {
      if (buffered) {
        console.log(`\n▶ ${title}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`◀ ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

mkdirSync(localDir, { recursive: true });
const extra = process.argv.slice(2);

/**
 * One vitest run (of `files` only, if given); its JSON report is added to the tally. Returns
 * whether it passed.
 */
async function vitest(
  title: string,
  projects: string[],
  shard?: { name: string; files: string[] },
): Promise<boolean> {
  const report = join(localDir, `vitest-report-${shard?.name ?? projects.join('-')}.json`);
  rmSync(report, { force: true });
  const ok = await run(
    title,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extra,
      ...(shard?.files ?? []),
    ],
    shard !== undefined,
  );
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

async function check(name: string, args: string[]): Promise<void> {
  if (await run(`check: ${name}`, 'npm', args, true)) tally.passed += 1;
  else tally.failed += 1;
}

const started = Date.now();
// Two lanes, as each alone leaves a core idle: ESLint (the longest check) beside the other checks.
await Promise.all([
  check('lint', ['run', 'lint']),
  (async () => {
    await check('typecheck', ['run', 'typecheck']);
    await check('format', ['run', 'format:check']);
    await check('rules', ['run', 'rules:check']);
    await check('architecture', ['run', 'architecture:check']);
    // One production build (about 5 s alone), no browser: each screen's JavaScript budget.
    await check('size', ['run', 'size:check']);
  })(),
]);
// The `npm start` stacks under signals run alone: beside the checks on a loaded machine, a
// start missed its 2-minute readiness bound.
const stackOk = await vitest('tests: npm start under signals', ['stack']);
// The browser suite does not run beside these: on two cores, Chromium next to the unit suite's
// jsdom workers is slow enough to make timing-sensitive steps (toasts, redirects) flaky.
const suitesOk = await vitest('tests: unit, emulator, integration', [
  'unit',
  'emulator',
  'integration',
]);
// The browser suite in two shards side by side, each with its own emulators, build and Chromium
// (the e2e global setup picks free ports and a build folder per process): most of its time is
// spent waiting on timers, the network and the emulators, so the second core was idle.
const shards = browserShards(2);
const browserOk = (
  await Promise.all(
    shards.map((files, index) =>
      vitest(`tests: browser end to end, shard ${index + 1} of ${shards.length}`, ['e2e'], {
        name: `e2e-${index + 1}`,
        files,
      }),
    ),
  )
).every(Boolean);
const vitestOk = stackOk && suitesOk && browserOk;
console.log(`\nAll steps: ${seconds(started)}`);

const ok = tally.failed === 0 && vitestOk;
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(ok ? 0 : 1);
