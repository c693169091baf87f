import { join } from 'node:path';
import { startBackend, type Backend } from '../../scripts/stack/backend';
import { repoRoot } from '../../scripts/stack/paths';
import { freePort } from '../../scripts/stack/ports';
import type { BackendInfo } from './backend-info';

export const testProjectId = 'demo-chat';

/**
 * A fresh Auth emulator and database emulator on free ports, in memory. Set
 * USE_OFFICIAL_EMULATORS=1 to run the same suites against firebase-tools' RTDB emulator.
 */
export async function startTestBackend(): Promise<{ info: BackendInfo; backend: Backend }> {
  const rulesPath = join(repoRoot, 'database.rules.json');
  const backend = await startBackend({
    projectId: testProjectId,
    host: '127.0.0.1',
    authPort: await freePort(),
    dbPort: await freePort(),
    rulesFile: rulesPath,
    official: process.env.USE_OFFICIAL_EMULATORS === '1',
    testControls: true,
    log: process.env.DEBUG_EMULATORS ? (line) => console.log(line) : undefined,
  });
  const { projectId, authHost, dbHost, dbNamespace } = backend;
  return { info: { projectId, authHost, dbHost, dbNamespace, rulesPath }, backend };
}
