import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { migrateLocalData } from '../../scripts/migrations';
import { emulatorDb } from '../../scripts/migrations/database';
import {
  latestSchemaVersion,
  loadMigrations,
  runMigrations,
  SCHEMA_VERSION_PATH,
} from '../../scripts/migrations/runner';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { rulesEnvForFile, userRecord } from './rules-env';

// Migration 001 moves a group's records out of the trees it shared with friendships.
const area = 'group-paths-migration';
const { dbAs, seed } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);
/** Everything stored, for "the second run changes nothing". */
const everything = () => get('/');

const alice = 'alice-uid';
const bob = 'bob-uid';
const groupId = '-Ngroup000000000001';
const conversationId = '-Nrel0000000000001';
/** A group id that a (forged) friendship reused: its 1:1 records must stay where they are. */
const clash = '-Nclash00000000001';
const entry = (lastMessageId: string) => ({
  unread: 1,
  lastMessageId,
  lastSenderId: bob,
  lastText: 'Hi',
  lastKind: 'text',
  lastAt: 5,
});
const bytes = {
  full: 'data:image/webp;base64,AAAA',
  thumb: 'data:image/jpeg;base64,BBBB',
  createdAt: 5,
};
const groupMessage = { message: 'Hi', senderId: bob, senderName: 'Bob', createdAt: 5 };
const directMessage = {
  message: 'Hi',
  messagesenderId: bob,
  massagesenderName: 'Bob',
  messagereceiverId: alice,
  messagereceiverName: 'Alice',
  createdAt: 5,
};
const group = (name: string) => ({
  adminId: alice,
  adminName: 'Alice',
  groupName: name,
  groupTag: 'Tag',
});

/** Data as the app wrote it before the migration: group records in inbox, reads, chatImages, typing. */
const oldShape = {
  [`users/${alice}`]: userRecord('Alice'),
  [`users/${bob}`]: userRecord('Bob'),
  [`Mygroup/${groupId}`]: group('Hikers'),
  [`groupMembership/${groupId}/${bob}`]: { status: 'member', username: 'Bob', at: 1 },
  [`userGroups/${bob}/${groupId}`]: 'member',
  [`groupMessages/${groupId}/-Ng1`]: {
    ...groupMessage,
    kind: 'image',
    imageId: '-Ng1',
    width: 1,
    height: 1,
  },
  [`groupMessages/${groupId}/-Ng2`]: groupMessage,
  [`chatImages/${groupId}/-Ng1`]: bytes,
  [`inbox/${alice}/${groupId}`]: entry('-Ng2'),
  [`inbox/${bob}/${groupId}`]: entry('-Ng2'),
  [`reads/${groupId}/${alice}`]: { at: 6, messageId: '-Ng2' },
  [`reads/${groupId}/${bob}`]: { at: 6, messageId: '-Ng2' },
  [`typing/${groupId}/${bob}`]: 5,
  // A friendship's conversation: nothing of it moves.
  [`friendList/${conversationId}`]: {
    senderId: alice,
    senderName: 'Alice',
    receiverId: bob,
    receiverName: 'Bob',
    photo: '',
  },
  [`sendMessage/${conversationId}/-Nd1`]: {
    ...directMessage,
    kind: 'image',
    imageId: '-Nd1',
    width: 1,
    height: 1,
  },
  [`chatImages/${conversationId}/-Nd1`]: bytes,
  [`inbox/${alice}/${conversationId}`]: entry('-Nd1'),
  [`reads/${conversationId}/${bob}`]: { at: 6, messageId: '-Nd1' },
  [`typing/${conversationId}/${bob}`]: 5,
  // One id, both kinds: each record goes where the message it names is.
  [`Mygroup/${clash}`]: group('Clash'),
  [`groupMessages/${clash}/-Ncg`]: groupMessage,
  [`friendList/${clash}`]: {
    senderId: alice,
    senderName: 'Alice',
    receiverId: bob,
    receiverName: 'Bob',
    photo: '',
  },
  [`sendMessage/${clash}/-Ncd`]: directMessage,
  [`inbox/${alice}/${clash}`]: entry('-Ncd'),
  [`inbox/${bob}/${clash}`]: entry('-Ncg'),
  [`reads/${clash}/${alice}`]: { at: 6, messageId: '-Ncd' },
  [`reads/${clash}/${bob}`]: { at: 6, messageId: '-Ncg' },
};

describe('migration 001-separate-group-paths', () => {
  it('moves group records to their own trees, leaves 1:1 ones, records the version, and is idempotent', async () => {
    await seed(oldShape);
    const db = emulatorDb(target());
    const first = await runMigrations(db);
    expect(first).toMatchObject({
      from: 0,
      to: latestSchemaVersion(),
      // 002 finds no delete without its time here, 003 no device, 004 no profile.
      ran: [
        { version: 1, name: 'separate-group-paths' },
        { version: 2, name: 'deleted-at', changed: 0 },
        { version: 3, name: 'device-seen', changed: 0 },
        { version: 4, name: 'private-email', changed: 0 },
        { version: 5, name: 'drop-security-codes', changed: 0 },
        { version: 6, name: 'drop-sender-epochs', changed: 0 },
        { version: 7, name: 'placement' },
        { version: 8, name: 'spread-instances', changed: 0 },
        { version: 9, name: 'home-records', changed: 0 },
      ],
    });
    expect(first.ran[0]?.changed).toBeGreaterThan(0);

    expect(await get(`groupInbox/${alice}/${groupId}`)).toEqual(entry('-Ng2'));
    expect(await get(`groupInbox/${bob}/${groupId}`)).toEqual(entry('-Ng2'));
    expect(await get(`groupReads/${groupId}`)).toEqual({
      [alice]: { at: 6, messageId: '-Ng2' },
      [bob]: { at: 6, messageId: '-Ng2' },
    });
    expect(await get(`groupImages/${groupId}/-Ng1`)).toEqual(bytes);
    for (const gone of [
      `inbox/${alice}/${groupId}`,
      `reads/${groupId}`,
      `chatImages/${groupId}`,
      `typing/${groupId}`,
    ])
      expect(await get(gone)).toBeNull();
    // The friendship's records are untouched.
    expect(await get(`inbox/${alice}/${conversationId}`)).toEqual(entry('-Nd1'));
    expect(await get(`reads/${conversationId}/${bob}`)).toEqual({ at: 6, messageId: '-Nd1' });
    expect(await get(`chatImages/${conversationId}/-Nd1`)).toEqual(bytes);
    expect(await get(`typing/${conversationId}/${bob}`)).toBe(5);
    // The shared id: split by the message each record names.
    expect(await get(`inbox/${alice}/${clash}`)).toEqual(entry('-Ncd'));
    expect(await get(`groupInbox/${bob}/${clash}`)).toEqual(entry('-Ncg'));
    expect(await get(`inbox/${bob}/${clash}`)).toBeNull();
    expect(await get(`reads/${clash}`)).toEqual({ [alice]: { at: 6, messageId: '-Ncd' } });
    expect(await get(`groupReads/${clash}`)).toEqual({ [bob]: { at: 6, messageId: '-Ncg' } });
    expect(await get(SCHEMA_VERSION_PATH)).toBe(latestSchemaVersion());

    // A second run, and the migration itself run again, change nothing.
    const before = await everything();
    expect((await runMigrations(db)).ran).toEqual([]);
    const [migration] = await loadMigrations();
    expect(migration.version).toBe(1);
    expect(await migration.migrate(db, () => undefined)).toBe(0);

    expect(await everything()).toEqual(before);

    // The app reads the moved records through the new rules.
    await assertSucceeds(dbAs(bob).ref(`groupReads/${groupId}`).once('value'));
    await assertSucceeds(dbAs(bob).ref(`groupImages/${groupId}/-Ng1/thumb`).once('value'));
    await assertSucceeds(dbAs(bob).ref(`groupInbox/${bob}/${groupId}`).once('value'));
  });

  it('keeps what the new app already wrote in the new trees over the old copies', async () => {
    await seed({
      ...oldShape,
      [`groupInbox/${alice}/${groupId}`]: { ...entry('-Ng2'), unread: 0 },
      [`groupReads/${groupId}/${bob}`]: { at: 9, messageId: '-Ng2' },
    });
    await runMigrations(emulatorDb(target()));
    expect(await get(`groupInbox/${alice}/${groupId}`)).toEqual({ ...entry('-Ng2'), unread: 0 });
    expect(await get(`groupReads/${groupId}/${bob}`)).toEqual({ at: 9, messageId: '-Ng2' });
    expect(await get(`inbox/${alice}/${groupId}`)).toBeNull();
  });

  it("runs as npm start's step before serving: pending migrations on old data, none on a fresh seed", async () => {
    await seed(oldShape);
    const lines: string[] = [];
    const report = await migrateLocalData(target(), (line) => lines.push(line));
    expect(report?.ran.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(lines.join('\n')).toContain('001-separate-group-paths');
    expect(await get(`groupImages/${groupId}/-Ng1`)).toEqual(bytes);
    // Data seeded at the current version (what the seed writes) has nothing pending.
    expect(latestSchemaVersion()).toBe(9);
    expect((await migrateLocalData(target()))?.ran).toEqual([]);
  });

  it('leaves an empty database empty (the seed writes the version), and refuses a newer one', async () => {
    expect(await migrateLocalData(target())).toBeNull();
    expect(await everything()).toBeNull();
    await seed({ [SCHEMA_VERSION_PATH]: 99, [`users/${alice}`]: userRecord('Alice') });
    await expect(migrateLocalData(target())).rejects.toThrow(/newer than this code/);
  });

  it('keeps meta/ out of every client’s reach', async () => {
    await seed({ [SCHEMA_VERSION_PATH]: 1 });
    await assertFails(dbAs(alice).ref(SCHEMA_VERSION_PATH).once('value'));
    await assertFails(dbAs(alice).ref(SCHEMA_VERSION_PATH).set(0));
    await assertFails(dbAs(null).ref('meta').once('value'));
  });
});
