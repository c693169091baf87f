import { describe, expect, it } from 'vitest';
import { emulatorDb } from '../../scripts/migrations/database';
import {
  latestSchemaVersion,
  loadMigrations,
  runMigrations,
  SCHEMA_VERSION_PATH,
} from '../../scripts/migrations/runner';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { alice, befriended, bob } from './friends-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// Migration 003 takes each device's label and last use out of the directory friends read.
const area = 'device-seen-migration';
const { dbAs, seed, write } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);

const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';
const phone = 'Phone000000000000001';
const laptop = 'Laptop00000000000001';
const tablet = 'Tablet00000000000001';
const watch = 'Watch000000000000001';

/** Version 2 data: devices with the fields in the directory, one already moved by the new app. */
const oldShape: Record<string, unknown> = {
  ...befriended,
  [SCHEMA_VERSION_PATH]: 2,
  [`deviceKeys/${bob}/${phone}`]: {
    publicKey,
    label: 'Chrome on Android',
    createdAt: 10,
    lastSeenAt: 500,
    approvedBy: phone,
  },
  [`deviceKeys/${bob}/${laptop}`]: { publicKey, label: 'x'.repeat(80), createdAt: 20 },
  [`deviceKeys/${bob}/${tablet}`]: { publicKey, label: 'Old', createdAt: 30, lastSeenAt: 30 },
  [`deviceSeen/${bob}/${tablet}`]: { label: 'Safari on iOS', lastSeenAt: 900 },
  [`deviceKeys/${alice}/${watch}`]: { publicKey, createdAt: 40, approvedBy: watch },
};

describe('migration 003-device-seen', () => {
  it('moves label and lastSeenAt to deviceSeen, keeps a newer copy, and is idempotent', async () => {
    await seed(oldShape);
    const db = emulatorDb(target());
    const report = await runMigrations(db);
    expect(report).toMatchObject({
      from: 2,
      to: 9,
      ran: [
        { version: 3, name: 'device-seen' },
        { version: 4, name: 'private-email', changed: 0 },
        { version: 5, name: 'drop-security-codes', changed: 0 },
        { version: 6, name: 'drop-sender-epochs', changed: 0 },
        { version: 7, name: 'placement' },
        { version: 8, name: 'spread-instances', changed: 0 },
        { version: 9, name: 'home-records', changed: 0 },
      ],
    });
    // Phone: 2 fields out, 1 entry in; laptop: 1 out, 1 in; tablet: 2 out.
    expect(report.ran[0]?.changed).toBe(7);
    expect(latestSchemaVersion()).toBe(9);
    expect(await get(SCHEMA_VERSION_PATH)).toBe(9);

    expect(await get(`deviceKeys/${bob}`)).toEqual({
      [phone]: { publicKey, createdAt: 10, approvedBy: phone },
      [laptop]: { publicKey, createdAt: 20 },
      [tablet]: { publicKey, createdAt: 30 },
    });
    expect(await get(`deviceSeen/${bob}`)).toEqual({
      [phone]: { label: 'Chrome on Android', lastSeenAt: 500 },
      // A label the rules would refuse, and a missing time, get what they allow.
      [laptop]: { label: 'Browser', lastSeenAt: 0 },
      [tablet]: { label: 'Safari on iOS', lastSeenAt: 900 },
    });
    // A device with nothing to move gets nothing.
    expect(await get(`deviceKeys/${alice}/${watch}`)).toEqual(
      oldShape[`deviceKeys/${alice}/${watch}`],
    );
    expect(await get(`deviceSeen/${alice}`)).toBeNull();

    const before = await get('/');
    expect((await runMigrations(db)).ran).toEqual([]);
    const migration = (await loadMigrations()).find((m) => m.version === 3);
    expect(await migration?.migrate(db, () => undefined)).toBe(0);
    expect(await get('/')).toEqual(before);
  });

  it('leaves entries the rules accept: the owner touches them, a friend reads no time', async () => {
    await seed(oldShape);
    await runMigrations(emulatorDb(target()));
    await expect(
      write(bob, {
        [`deviceSeen/${bob}/${laptop}`]: { label: 'Firefox on Linux', lastSeenAt: SERVER_TIME },
      }),
    ).resolves.toBeUndefined();
    const asFriend = (await dbAs(alice).ref(`deviceKeys/${bob}`).once('value')).val() as Record<
      string,
      Record<string, unknown>
    >;
    expect(
      Object.values(asFriend)
        .flatMap((entry) => Object.keys(entry))
        .sort(),
    ).toEqual([
      'approvedBy',
      'createdAt',
      'createdAt',
      'createdAt',
      'publicKey',
      'publicKey',
      'publicKey',
    ]);
  });
});
