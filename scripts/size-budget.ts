/**
 * `npm run size:check`: one production build (seconds), then the
 * gzipped JavaScript that /login and the signed-in home load, read from the build's chunk graph
 * (scripts/build/screen-scripts.ts; the browser suite's tests/e2e/app-size.test.ts checks it
 * against what Chromium loads). Fails when a screen is above its budget (scripts/bench/budgets.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWithScreens } from './build/build-screens';
import { budgetText, checkBudgets } from './bench/budgets';
import { kb } from './bench/report';
import { measureFiles } from './bench/scripts-size';
import { localDir, repoRoot } from './stack/paths';

const log = (line: string) => console.log(`[size] ${line}`);

async function main(): Promise<boolean> {
  // Its own build folder, removed after: a bench or a test run at the same time keeps its own.
  const outDir = join(localDir, `size-dist-${String(process.pid)}`);
  try {
    const started = Date.now();
    const files = await buildWithScreens({
      root: repoRoot,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    log(`production build in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const sets = {
      login: measureFiles(outDir, files.login),
      home: measureFiles(outDir, files.home),
    };
    const lines = checkBudgets(sets);
    for (const line of lines) {
      log(budgetText(line));
      for (const c of sets[line.screen].chunks) log(`  ${kb(c.gzip).padStart(9)}  ${c.file}`);
    }
    return lines.every((line) => !line.over);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => {
    if (!ok) log('over budget: `npm run bench` section 1 shows what each chunk holds');
    process.exit(ok ? 0 : 1);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
