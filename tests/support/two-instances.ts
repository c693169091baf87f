import { afterAll, beforeAll, beforeEach } from 'vitest';
import { dbRest, type AdminTarget } from '../../scripts/stack/admin';
import {
  configureInstances,
  instanceTarget,
  startInstances,
  type RunningInstances,
} from '../../scripts/stack/instances';
import { getBackend } from './backend';

/**
 * At least two database instances for the calling suite, whatever CHATTY_INSTANCES the backend
 * runs: with one, the suite sets up instance 1 itself (its configuration, emptied before each
 * test after the backend's own reset, and a mirror process of its own). Call at the top level
 * of the file, after the reset is registered (cleanBackendPerTest, browserPerSuite). Returns
 * instance 1's admin target.
 */
export function twoInstancesPerSuite(): () => AdminTarget {
  const instance1 = () => instanceTarget(getBackend(), 1);
  let own: RunningInstances | null = null;
  const backendHasTwo = () => getBackend().instances >= 2;
  beforeAll(async () => {
    if (!backendHasTwo()) own = await startInstances(getBackend(), 2);
  });
  beforeEach(async () => {
    if (backendHasTwo()) return;
    await dbRest(instance1(), 'PUT', '/', null);
    await configureInstances(getBackend(), 2);
  });
  afterAll(async () => {
    own?.stop();
    if (own) await dbRest(instance1(), 'PUT', '/', null);
  });
  return instance1;
}
