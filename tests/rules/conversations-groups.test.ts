import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { alice, befriended, bob, carol } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile, userRecord } from './rules-env';

const { dbAs, seed, write } = rulesEnvForFile('group-messages');

/** Alice runs the group; Bob is a member, Carol invited, Dave asked to join, Erin a stranger. */
const dave = 'dave-uid';
const erin = 'erin-uid';
const groupId = '-Ngroup0000000000003';
const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up a hill' };
const stored = (uid: string, username: string, status: string) => ({
  [`groupMembership/${groupId}/${uid}`]: { status, username, at: 1 },
  [`userGroups/${uid}/${groupId}`]: status,
});
const world = {
  ...befriended,
  [`users/${dave}`]: userRecord('Dave'),
  [`users/${erin}`]: userRecord('Erin'),
  [`Mygroup/${groupId}`]: group,
  ...stored(bob, 'Bob', 'member'),
  ...stored(carol, 'Carol', 'invited'),
  ...stored(dave, 'Dave', 'requested'),
  [`groupMessages/${groupId}/-Nm0`]: {
    message: 'Hello',
    senderId: alice,
    senderName: 'Alice',
    createdAt: 1,
  },
};
let next = 0;
const post = (uid: string, fields: Record<string, unknown> = {}, name?: string) =>
  write(uid, {
    [`groupMessages/${groupId}/-Nm${String(++next)}`]: {
      message: 'Hi all',
      senderId: uid,
      senderName: name ?? { [alice]: 'Alice', [bob]: 'Bob', [carol]: 'Carol' }[uid] ?? 'Dave',
      createdAt: SERVER_TIME,
      ...fields,
    },
  });
const read = (uid: string | null) =>
  dbAs(uid).ref(`groupMessages/${groupId}`).orderByChild('createdAt').limitToLast(30).once('value');

describe('groupMessages: who reads', () => {
  beforeEach(() => seed(world));

  it('lets the admin and a member read the conversation', async () => {
    await assertSucceeds(read(alice));
    await assertSucceeds(read(bob));
  });

  it('refuses invited and requesting people, strangers and signed-out clients', async () => {
    await assertFails(read(carol));
    await assertFails(read(dave));
    await assertFails(read(erin));
    await assertFails(read(null));
    await assertFails(dbAs(alice).ref('groupMessages').once('value'));
  });

  it('refuses a member once they left or were removed', async () => {
    await seed({
      [`groupMembership/${groupId}/${bob}`]: null,
      [`userGroups/${bob}/${groupId}`]: null,
    });
    await assertFails(read(bob));
  });
});

describe('groupMessages: who writes', () => {
  beforeEach(() => seed(world));

  it('lets the admin and a member post as themselves', async () => {
    await assertSucceeds(post(alice));
    await assertSucceeds(post(bob));
  });

  it('refuses invited, requesting, former members and strangers', async () => {
    await assertFails(post(carol));
    await assertFails(post(dave, {}, 'Dave'));
    await assertFails(post(erin, {}, 'Erin'));
    await seed({
      [`groupMembership/${groupId}/${bob}`]: null,
      [`userGroups/${bob}/${groupId}`]: null,
    });
    await assertFails(post(bob));
  });

  it('refuses impersonation: another sender id or name', async () => {
    await assertFails(post(bob, { senderId: alice }));
    await assertFails(post(bob, { senderName: 'Alice' }));
    await assertFails(post(erin, { senderId: bob, senderName: 'Bob' }, 'Bob'));
  });

  it('refuses client clocks, empty or long text, unknown and missing fields', async () => {
    await assertFails(post(bob, { createdAt: Date.now() }));
    await assertFails(post(bob, { message: '' }));
    await assertFails(post(bob, { message: 'x'.repeat(4001) }));
    await assertFails(post(bob, { kind: 'image' }));
    await assertFails(post(bob, { senderName: null }));
    await assertSucceeds(post(bob, { message: 'x'.repeat(4000) }));
  });

  it('refuses editing or deleting a message, even its own', async () => {
    await assertFails(write(alice, { [`groupMessages/${groupId}/-Nm0/message`]: 'Edited' }));
    await assertFails(write(alice, { [`groupMessages/${groupId}/-Nm0`]: null }));
  });

  it('refuses an unverified account', async () => {
    const unverified = dbAs(bob, { email_verified: false });
    await assertFails(
      unverified.ref(`groupMessages/${groupId}/-Nmx`).set({
        message: 'Hi',
        senderId: bob,
        senderName: 'Bob',
        createdAt: SERVER_TIME,
      }),
    );
  });
});
