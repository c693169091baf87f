/**
 * The bench's own stack: fresh emulators on free ports serving CHATTY_INSTANCES database
 * instances (scripts/stack/instances.ts), the production bundle built against
 * them (as the e2e setup does) and served by Vite's preview server. Everything started here
 * is stopped by `stop()`, which is safe to call after a partial start.
 */
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { AdminTarget } from '../stack/admin';
import { startBackend, type Backend } from '../stack/backend';
import { instanceCount, startInstances, type RunningInstances } from '../stack/instances';
import { localDir, repoRoot } from '../stack/paths';
import { freePort } from '../stack/ports';

export interface BenchStack {
  target: AdminTarget;
  appUrl: string;
  outDir: string;
  buildMs: number;
  stop(): Promise<void>;
}

export const outDir = join(localDir, 'bench-dist');

export async function startBenchStack(
  log: (line: string) => void,
  /** Where the build goes: the size check (scripts/size-budget.ts) keeps its own. */
  buildDir = outDir,
): Promise<BenchStack> {
  let backend: Backend | undefined;
  let instances: RunningInstances | undefined;
  let server: PreviewServer | undefined;
  const stop = async () => {
    await server?.close().catch(() => undefined);
    instances?.stop();
    await backend?.stop().catch(() => undefined);
  };
  try {
    const count = instanceCount();
    backend = await startBackend({
      projectId: 'demo-bench',
      host: '127.0.0.1',
      authPort: await freePort(),
      dbPort: await freePort(),
      rulesFile: join(repoRoot, 'database.rules.json'),
      official: false,
      instances: count,
    });
    instances = await startInstances(backend, count, log);
    log(
      `emulators up (auth ${backend.authHost}, database ${backend.dbHost}, ` +
        `${String(instances.count)} instance${instances.count > 1 ? 's' : ''})`,
    );

    process.env.VITE_FIREBASE_PROJECT_ID = backend.projectId;
    process.env.VITE_AUTH_EMULATOR_HOST = backend.authHost;
    process.env.VITE_DATABASE_EMULATOR_HOST = backend.dbHost;
    process.env.VITE_USE_EMULATORS = 'true';
    const started = Date.now();
    // Vite is imported here so its startup cost is not paid before the emulators are asked for.
    const { build, preview } = await import('vite');
    await build({
      root: repoRoot,
      logLevel: 'error',
      build: {
        outDir: buildDir,
        emptyOutDir: true,
        // The bench prints the sizes itself; keep the build's own advice out of its output.
        chunkSizeWarningLimit: Infinity,
        rolldownOptions: { checks: { bundlerTimings: false } },
      },
    });
    const buildMs = Date.now() - started;
    log(`production build in ${(buildMs / 1000).toFixed(1)} s`);

    const port = await freePort();
    server = await preview({
      root: repoRoot,
      logLevel: 'warn',
      build: { outDir: buildDir },
      preview: { port, strictPort: true, host: '127.0.0.1' },
    });
    const { projectId, authHost, dbHost, dbNamespace } = backend;
    return {
      target: { projectId, authHost, dbHost, dbNamespace },
      appUrl: `http://127.0.0.1:${port}`,
      outDir: buildDir,
      buildMs,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
