/**
 * `npm run size:check` (part of `npm run check`): one production build, then a cold visit of
 * /login and of the signed-in /pages/home in Chromium, measured by the same code as section 1
 * of `npm run bench` (scripts/bench/dashboard.ts, scripts-size.ts). Fails when a screen's
 * gzipped JavaScript is above its budget (scripts/bench/budgets.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './bench/browser';
import { budgetText, checkBudgets } from './bench/budgets';
import { visit } from './bench/dashboard';
import { seedSmall } from './bench/datasets';
import { kb } from './bench/report';
import { benchPassword, shape } from './bench/seed';
import { startBenchStack, type BenchStack } from './bench/stack';
import { localDir } from './stack/paths';
import type { Browser } from 'playwright-core';

const log = (line: string) => console.log(`[size] ${line}`);

async function main(): Promise<boolean> {
  let stack: BenchStack | undefined;
  let browser: Browser | undefined;
  // Its own build folder, removed after: a bench running at the same time keeps its own.
  const buildDir = join(localDir, `size-dist-${String(process.pid)}`);
  try {
    stack = await startBenchStack(log, buildDir);
    browser = await launchBrowser();
    const data = await seedSmall(stack.target);
    const seen = await visit(browser, {
      appUrl: stack.appUrl,
      outDir: stack.outDir,
      password: benchPassword,
      email: data.me.email,
      friends: shape.friends,
    });
    const lines = checkBudgets({ login: seen.loginScripts, home: seen.homeScripts });
    for (const line of lines) {
      log(budgetText(line));
      if (line.over) {
        const set = line.screen === 'login' ? seen.loginScripts : seen.homeScripts;
        for (const c of set.chunks) log(`  ${kb(c.gzip).padStart(9)}  ${c.file}`);
      }
    }
    return lines.every((line) => !line.over);
  } finally {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    rmSync(buildDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => {
    if (!ok) console.error('[size] over budget: see `npm run bench` section 1 for what loads');
    process.exit(ok ? 0 : 1);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
