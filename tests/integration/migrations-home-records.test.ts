import { beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../scripts/migrations/009-home-records';
import { emulatorDb, type MigrationDb } from '../../scripts/migrations/database';
import { dbRest } from '../../scripts/stack/admin';
import { adminGet, adminUpdate, getBackend, resetBackend } from '../support/backend';
import { instance1, onInstance1 } from './conversations-rebalance-steps';
import { expectNothingWithOneInstance } from './migrations-steps';

// Migration 009 (docs/migrations.md): each person's own records leave the directory for their
// home. Alice lives on instance 1, Bob on the directory, Carol registered before homes.
const directory = () => emulatorDb(getBackend());
const run = (db: MigrationDb = directory()) => migrate(db, () => undefined);
const twoInstances = {
  count: 2,
  open: { 0: true, 1: true },
  urls: { 1: `https://${instance1().dbNamespace}.firebaseio.com` },
};

const [alice, bob, carol] = ['alice-uid', 'bob-uid', 'carol-uid'];
const device = 'Dev0123456789abcdefg';
const laptop = 'Lap0123456789abcdefg';

/** Everything each person keeps of their own, as the app wrote it on the directory. */
const ownRecords = (uid: string) => ({
  [`status/${uid}`]: { state: 'offline', lastChanged: 5 },
  [`inboxPrefs/${uid}`]: {
    direct: { '-Nf1': { mutedUntil: 'always' }, '-Nf2': { archivedAt: 3 } },
    group: { '-Ng1': { mutedUntil: 99 } },
    pins: ['d:-Nf1'],
  },
  [`drafts/${uid}`]: { direct: { '-Nf1': { text: 's1.old', at: 4 } } },
  [`deviceSeen/${uid}`]: { [device]: { label: 'Phone', lastSeenAt: 6 } },
});
const aliceBefore = ownRecords(alice);

beforeEach(async () => {
  await resetBackend();
  await dbRest(instance1(), 'PUT', '/', { config: { self: 1 } });
  await adminUpdate({
    [`homes/${alice}`]: 1,
    [`homes/${bob}`]: 0,
    ...ownRecords(alice),
    ...ownRecords(bob),
    ...ownRecords(carol),
  });
});

/** Alice's records gone from the directory; Bob's and Carol's there only, as they were. */
async function expectMoved() {
  for (const path of Object.keys(aliceBefore)) expect(await adminGet(path)).toBeNull();
  for (const uid of [bob, carol])
    for (const [path, value] of Object.entries(ownRecords(uid))) {
      expect(await adminGet(path)).toEqual(value);
      expect(await onInstance1(path)).toBeNull();
    }
}

describe('migration 009-home-records', () => {
  it('with one instance configured, or none, changes nothing', async () => {
    await expectNothingWithOneInstance(() => run());
  });

  it('moves the records of a person at home elsewhere, the home’s own winning, then is idempotent', async () => {
    await adminUpdate({ 'config/instances': twoInstances });
    // The new app already wrote on Alice's home: a newer draft, a mute taken off and set again,
    // her laptop's last use, and her presence.
    await dbRest(instance1(), 'PATCH', '/', {
      [`drafts/${alice}/direct/-Nf1`]: { text: 's1.new', at: 9 },
      [`inboxPrefs/${alice}/direct/-Nf1`]: { mutedUntil: 50 },
      [`deviceSeen/${alice}/${laptop}`]: { label: 'Laptop', lastSeenAt: 8 },
      [`status/${alice}`]: { state: 'online', lastChanged: 10 },
    });
    expect(await run()).toBeGreaterThan(0);

    await expectMoved();
    expect(await onInstance1(`inboxPrefs/${alice}`)).toEqual({
      direct: { '-Nf1': { mutedUntil: 50 }, '-Nf2': { archivedAt: 3 } },
      group: { '-Ng1': { mutedUntil: 99 } },
      pins: ['d:-Nf1'],
    });
    expect(await onInstance1(`drafts/${alice}`)).toEqual({
      direct: { '-Nf1': { text: 's1.new', at: 9 } },
    });
    expect(await onInstance1(`status/${alice}`)).toEqual({ state: 'online', lastChanged: 10 });
    expect(await onInstance1(`deviceSeen/${alice}`)).toEqual({
      [device]: { label: 'Phone', lastSeenAt: 6 },
      [laptop]: { label: 'Laptop', lastSeenAt: 8 },
    });

    const directoryAfter = JSON.stringify(await adminGet('/'));
    const instanceAfter = JSON.stringify(await onInstance1('/'));
    expect(await run()).toBe(0);
    expect(JSON.stringify(await adminGet('/'))).toBe(directoryAfter);
    expect(JSON.stringify(await onInstance1('/'))).toBe(instanceAfter);
  });

  it('cut short after copying, before deleting: run again, the same result, nothing doubled', async () => {
    await adminUpdate({ 'config/instances': twoInstances });
    // The directory's deletes fail (the process dies there) once each copy is written.
    const real = directory();
    const dying: MigrationDb = {
      ...real,
      update: (changes) =>
        Object.values(changes).includes(null)
          ? Promise.reject(new Error('killed'))
          : real.update(changes),
    };
    await expect(run(dying)).rejects.toThrow('killed');
    expect(await onInstance1(`status/${alice}`)).toEqual(aliceBefore[`status/${alice}`]);
    expect(await adminGet(`status/${alice}`)).not.toBeNull();
    // Meanwhile Alice's app writes on her home.
    await dbRest(instance1(), 'PATCH', '/', {
      [`status/${alice}`]: { state: 'online', lastChanged: 11 },
    });

    expect(await run()).toBeGreaterThan(0);
    await expectMoved();
    expect(await onInstance1(`status/${alice}`)).toEqual({ state: 'online', lastChanged: 11 });
    expect(await onInstance1(`inboxPrefs/${alice}`)).toEqual(aliceBefore[`inboxPrefs/${alice}`]);
    expect(await onInstance1(`drafts/${alice}`)).toEqual(aliceBefore[`drafts/${alice}`]);
    expect(await run()).toBe(0);
  });
});
