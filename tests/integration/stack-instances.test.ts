import { afterEach, describe, expect, it } from 'vitest';
import { dbRest, type AdminTarget } from '../../scripts/stack/admin';
import {
  configureInstances,
  DEFAULT_INSTANCES,
  instanceCount,
  instanceTarget,
  instanceUrl,
  resetInstances,
  startInstances,
  type RunningInstances,
} from '../../scripts/stack/instances';
import { getBackend } from '../support/backend';

// scripts/stack/instances.ts on the test emulator, under a project of its own (its namespaces
// are not the suites' backend's, whatever CHATTY_INSTANCES it runs).
let project = 0;
function freshDirectory(): AdminTarget {
  const projectId = `demo-inst${String(++project)}-${String(Date.now())}`;
  return { ...getBackend(), projectId, dbNamespace: `${projectId}-default-rtdb` };
}
const get = (target: AdminTarget, path: string) => dbRest(target, 'GET', path);

let running: RunningInstances | null = null;
afterEach(() => {
  running?.stop();
  running = null;
});

describe('the instances of a local stack', () => {
  it('writes config/self on each instance but the directory and config/instances everywhere, and mirrors to them', async () => {
    const directory = freshDirectory();
    running = await startInstances(directory, 3);
    expect(running.count).toBe(3);
    const [zero, one, two] = [0, 1, 2].map((n) => instanceTarget(directory, n));
    expect(zero.dbNamespace).toBe(directory.dbNamespace);
    expect(one.dbNamespace).toBe(`${directory.projectId}-i1`);
    expect(await get(directory, 'config/self')).toBeNull();
    expect(await get(one, 'config/self')).toBe(1);
    expect(await get(two, 'config/self')).toBe(2);
    const config = {
      count: 3,
      open: [true, true, true],
      urls: [null, instanceUrl(directory, 1), instanceUrl(directory, 2)],
    };
    for (const target of [directory, one, two]) {
      expect(await get(target, 'config/instances')).toEqual(config);
    }
    // The URL names the namespace, as the client's connectInstances opens it on the emulator.
    expect(new URL(instanceUrl(directory, 2)).hostname.split('.')[0]).toBe(two.dbNamespace);

    // The mirror process runs: a friendship placed on 2 is copied there, not to 1.
    await dbRest(directory, 'PATCH', '/', {
      'friendList/-Ninst0000000000001': {
        senderId: 'ann',
        senderName: 'Ann',
        receiverId: 'ben',
        receiverName: 'Ben',
        photo: '',
      },
      'placement/direct/-Ninst0000000000001': { instance: 2, state: 'live' },
    });
    await expect
      .poll(() => get(two, 'placement/direct/-Ninst0000000000001'), { timeout: 10_000 })
      .toEqual({ instance: 2, state: 'live' });
    await running.idle();
    expect(await get(two, 'friendList/-Ninst0000000000001/senderId')).toBe('ann');
    expect(await get(one, 'placement')).toBeNull();
  });

  it('writes nothing for one instance, and keeps a saved larger count, saying so', async () => {
    const single = freshDirectory();
    running = await startInstances(single, 1);
    expect(running.count).toBe(1);
    expect(await get(single, 'config')).toBeNull();
    running.stop();

    const saved = freshDirectory();
    await configureInstances(saved, 2);
    const said: string[] = [];
    running = await startInstances(saved, 1, (line) => said.push(line));
    expect(running.count).toBe(2);
    expect(await get(saved, 'config/instances/count')).toBe(2);
    expect(said.join('\n')).toMatch(/spans 2 database instances/);
  });

  it('resets every instance to its configuration alone', async () => {
    const directory = freshDirectory();
    await configureInstances(directory, 2);
    const one = instanceTarget(directory, 1);
    await dbRest(directory, 'PATCH', '/', { 'users/ann/username': 'Ann' });
    await dbRest(one, 'PATCH', '/', { 'sendMessage/-Nx/-Ny/message': 'hi' });
    await resetInstances(directory, 2);
    expect(await get(directory, 'users')).toBeNull();
    expect(await get(one, 'sendMessage')).toBeNull();
    expect(await get(one, 'config/self')).toBe(1);
    expect(await get(directory, 'config/instances/count')).toBe(2);
  });

  it('takes CHATTY_INSTANCES from 1 to 8, and refuses anything else with a message', () => {
    const count = (value?: string) => instanceCount({ CHATTY_INSTANCES: value });
    expect(count(undefined)).toBe(DEFAULT_INSTANCES);
    expect(count(' ')).toBe(DEFAULT_INSTANCES);
    expect(count('1')).toBe(1);
    expect(count('2')).toBe(2);
    expect(count('8')).toBe(8);
    for (const bad of ['0', '9', '1.5', 'two', '-1']) {
      expect(() => count(bad)).toThrow(/CHATTY_INSTANCES must be a whole number from 1 to 8/);
    }
  });
});
