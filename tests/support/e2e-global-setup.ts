import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preview } from 'vite';
import { buildWithScreens } from '../../scripts/build/build-screens';
import { localDir, repoRoot } from '../../scripts/stack/paths';
import { freePort } from '../../scripts/stack/ports';
import './backend-info';
import { chromiumInstallHint, findChromium } from './find-chromium';
import { freeTestPorts, startTestBackend, testHosts, testProjectId } from './start-test-backend';

/**
 * Builds the production bundle pointed at fresh emulators and serves it, so the browser tests
 * exercise what ships. Without Chromium the suite is skipped, except in CI where that fails.
 */
export default async function setup(project: TestProject) {
  const browserPath = findChromium();
  if (!browserPath) {
    if (process.env.CI === 'true') throw new Error(`CI needs Chromium. ${chromiumInstallHint}`);
    console.warn(`\n[e2e] skipped: ${chromiumInstallHint}\n`);
    project.provide('e2e', undefined);
    return;
  }
  // The build only needs the backend's addresses: it runs while the emulators start.
  const ports = await freeTestPorts();
  const { authHost, dbHost } = testHosts(ports);
  process.env.VITE_FIREBASE_PROJECT_ID = testProjectId;
  process.env.VITE_AUTH_EMULATOR_HOST = authHost;
  process.env.VITE_DATABASE_EMULATOR_HOST = dbHost;
  process.env.VITE_USE_EMULATORS = 'true';
  // One folder per run: two runs at once must not serve each other's half-written build.
  const outDir = join(localDir, `e2e-dist-${process.pid}`);
  // The JavaScript each budgeted screen loads, by the build's chunk graph (the budget check's
  // reading), for tests/e2e/app-size.test.ts to compare with what Chromium loads.
  const [started, built] = await Promise.allSettled([
    startTestBackend(ports),
    buildWithScreens({ root: repoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
  ]);
  if (started.status === 'rejected') throw started.reason;
  const { info, backend } = started.value;
  if (built.status === 'rejected') {
    await backend.stop();
    throw built.reason;
  }
  const screens = built.value;
  project.provide('backend', info);
  const port = await freePort();
  const server = await preview({
    root: repoRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  project.provide('e2e', { appUrl: `http://127.0.0.1:${port}`, browserPath, outDir, screens });

  return async () => {
    await server.close();
    await backend.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
