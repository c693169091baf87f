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
import { alice, befriended, bob, conversationId } from './friends-fixtures';
import { storedMessage } from './inbox-fixtures';
import { rulesEnvForFile } from './rules-env';

// Migration 002 gives old deletes for everyone the `deletedAt` that catch-up reads.
const area = 'deleted-at-migration';
const { dbAs, seed } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);

const groupId = '-Ngroup000000000002';
const direct = (id: string) => `sendMessage/${conversationId}/${id}`;
const { message: _words, ...envelope } = storedMessage(alice, bob);
const groupEnvelope = { senderId: bob, senderName: 'Bob', createdAt: 1000 };

/** Version 1 data: deletes from before `deletedAt`, one from after, and messages not deleted. */
const oldShape: Record<string, unknown> = {
  ...befriended,
  [SCHEMA_VERSION_PATH]: 1,
  [direct('-Nd1')]: { ...envelope, deleted: true },
  [direct('-Nd2')]: { ...envelope, deleted: true, deletedAt: 777 },
  [direct('-Nd3')]: storedMessage(alice, bob, 'still here'),
  [`groupMessages/${groupId}/-Ng1`]: { ...groupEnvelope, deleted: true },
  [`groupMessages/${groupId}/-Ng2`]: { ...groupEnvelope, message: 'hello' },
};

describe('migration 002-deleted-at', () => {
  it('sets deletedAt (the migration time) on old deletes only, and is idempotent', async () => {
    await seed(oldShape);
    const db = emulatorDb(target());
    const started = Date.now();
    const report = await runMigrations(db);
    expect(report).toMatchObject({
      from: 1,
      to: latestSchemaVersion(),
      ran: [
        { version: 2, name: 'deleted-at' },
        { version: 3, name: 'device-seen', changed: 0 },
        { version: 4, name: 'private-email', changed: 0 },
        { version: 5, name: 'drop-security-codes', changed: 0 },
        { version: 6, name: 'drop-sender-epochs', changed: 0 },
        { version: 7, name: 'placement' },
        { version: 8, name: 'spread-instances', changed: 0 },
        { version: 9, name: 'home-records', changed: 0 },
      ],
    });
    expect(report.ran[0]?.changed).toBe(2);
    expect(await get(SCHEMA_VERSION_PATH)).toBe(latestSchemaVersion());

    const d1 = (await get(direct('-Nd1'))) as Record<string, unknown>;
    expect(d1).toEqual({ ...envelope, deleted: true, deletedAt: expect.any(Number) as number });
    expect(d1.deletedAt as number).toBeGreaterThanOrEqual(started - 5000);
    const g1 = (await get(`groupMessages/${groupId}/-Ng1`)) as Record<string, unknown>;
    expect(g1.deletedAt as number).toBeGreaterThanOrEqual(d1.deletedAt as number);
    // A delete that had its time, and the messages not deleted, are untouched.
    expect(await get(direct('-Nd2'))).toEqual(oldShape[direct('-Nd2')]);
    expect(await get(direct('-Nd3'))).toEqual(oldShape[direct('-Nd3')]);
    expect(await get(`groupMessages/${groupId}/-Ng2`)).toEqual(
      oldShape[`groupMessages/${groupId}/-Ng2`],
    );

    // A second run, and the migration itself run again, change nothing.
    const before = await get('/');
    expect((await runMigrations(db)).ran).toEqual([]);
    const migration = (await loadMigrations()).find((m) => m.version === 2);
    expect(await migration?.migrate(db, () => undefined)).toBe(0);
    expect(await get('/')).toEqual(before);
  });

  it("is what a device's catch-up now reads: the deletes since its last look", async () => {
    await seed(oldShape);
    const lookedAt = Date.now() - 1000;
    const since = async () =>
      Object.keys(
        ((
          await dbAs(bob)
            .ref(`sendMessage/${conversationId}`)
            .orderByChild('deletedAt')
            .startAt(lookedAt)
            .once('value')
        ).val() ?? {}) as Record<string, unknown>,
      );
    expect(await since()).toEqual([]);
    await runMigrations(emulatorDb(target()));
    expect(await since()).toEqual(['-Nd1']);
  });
});
