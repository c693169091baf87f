import { join } from 'node:path';
import { startBackend, type Backend } from '../../scripts/stack/backend';
import { instanceCount, startInstances } from '../../scripts/stack/instances';
import { repoRoot } from '../../scripts/stack/paths';
import { freePort } from '../../scripts/stack/ports';
import type { BackendInfo } from './backend-info';

export const testProjectId = 'demo-chat';

export interface TestPorts {
  authPort: number;
  dbPort: number;
}

/** Two free ports, for a caller that needs the backend's addresses before it starts. */
export async function freeTestPorts(): Promise<TestPorts> {
  return { authPort: await freePort(), dbPort: await freePort() };
}

/** The hosts `startTestBackend` serves on, from its ports. */
export const testHosts = ({ authPort, dbPort }: TestPorts) => ({
  authHost: `${testHost}:${authPort}`,
  dbHost: `${testHost}:${dbPort}`,
});

const testHost = '127.0.0.1';

/**
 * A fresh Auth emulator and database emulator (on free ports unless given), in memory, serving
 * CHATTY_INSTANCES database instances with the mirror process between them. Set
 * USE_OFFICIAL_EMULATORS=1 to run the same suites against firebase-tools' RTDB emulator.
 */
export async function startTestBackend(
  ports?: TestPorts,
): Promise<{ info: BackendInfo; backend: Backend }> {
  const rulesPath = join(repoRoot, 'database.rules.json');
  const { authPort, dbPort } = ports ?? (await freeTestPorts());
  const count = instanceCount();
  const log = process.env.DEBUG_EMULATORS ? (line: string) => console.log(line) : undefined;
  const started = await startBackend({
    projectId: testProjectId,
    host: testHost,
    authPort,
    dbPort,
    rulesFile: rulesPath,
    official: process.env.USE_OFFICIAL_EMULATORS === '1',
    instances: count,
    testControls: true,
    log,
  });
  let instances;
  try {
    instances = await startInstances(started, count, log);
  } catch (err) {
    await started.stop();
    throw err;
  }
  const running = instances;
  const backend: Backend = {
    ...started,
    stop: async () => {
      running.stop();
      await started.stop();
    },
  };
  const { projectId, authHost, dbHost, dbNamespace } = backend;
  return {
    info: { projectId, authHost, dbHost, dbNamespace, rulesPath, instances: running.count },
    backend,
  };
}
