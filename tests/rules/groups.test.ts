import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { alice, befriended, bob, carol } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

const { dbAs, seed, write } = rulesEnvForFile('groups');

/** Alice administers the group; Bob is her friend; Carol knows nobody. */
const groupId = '-Ngroup0000000000001';
const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up a hill' };
const withGroup = { ...befriended, [`Mygroup/${groupId}`]: group };

const entry = (status: string, username: string, overrides: Record<string, unknown> = {}) => ({
  status,
  username,
  at: SERVER_TIME,
  ...overrides,
});
/** A membership change as the app writes it: the roster entry and its mirror together. */
const membership = (uid: string, username: string, status: string | null) => ({
  [`groupMembership/${groupId}/${uid}`]: status ? entry(status, username) : null,
  [`userGroups/${uid}/${groupId}`]: status,
});
const stored = (uid: string, username: string, status: string) => ({
  [`groupMembership/${groupId}/${uid}`]: { status, username, at: 1 },
  [`userGroups/${uid}/${groupId}`]: status,
});

describe('Mygroup: creating and changing a group', () => {
  beforeEach(() => seed(befriended));
  const create = (uid: string, value: Record<string, unknown>) =>
    write(uid, { [`Mygroup/${groupId}`]: value });

  it('lets anyone signed in create a group they administer', async () => {
    await assertSucceeds(create(alice, group));
  });

  it("refuses a group in someone else's name", async () => {
    await assertFails(create(bob, group));
    await assertFails(create(alice, { ...group, adminName: 'Bob' }));
    await assertFails(write(null, { [`Mygroup/${groupId}`]: group }));
  });

  it('refuses bad names and tags, unknown and missing fields', async () => {
    await assertFails(create(alice, { ...group, groupName: 'H' }));
    await assertFails(create(alice, { ...group, groupName: 'x'.repeat(31) }));
    await assertFails(create(alice, { ...group, groupName: ' Hikers' }));
    await assertFails(create(alice, { ...group, groupTag: 5 }));
    await assertFails(create(alice, { ...group, groupTag: 'x'.repeat(61) }));
    await assertFails(create(alice, { ...group, members: 3 }));
    await assertFails(create(alice, { ...group, groupTag: null }));
  });

  it('lets only the admin rename it, and nobody hand it over or delete it', async () => {
    await seed({ [`Mygroup/${groupId}`]: group });
    await assertSucceeds(write(alice, { [`Mygroup/${groupId}/groupName`]: 'Climbers' }));
    await assertFails(write(bob, { [`Mygroup/${groupId}/groupName`]: 'Bobs' }));
    await assertFails(write(alice, { [`Mygroup/${groupId}/adminId`]: bob }));
    await assertFails(write(alice, { [`Mygroup/${groupId}`]: null }));
  });
});

describe('Mygroup: reading', () => {
  beforeEach(() => seed(withGroup));
  const groups = (uid: string | null) => dbAs(uid).ref('Mygroup');

  it('lets me query the groups I administer', async () => {
    await assertSucceeds(groups(alice).orderByChild('adminId').equalTo(alice).once('value'));
    await assertFails(groups(bob).orderByChild('adminId').equalTo(alice).once('value'));
  });

  it('lets anyone signed in page through the newest groups, at most 100 at a time', async () => {
    await assertSucceeds(groups(carol).orderByKey().limitToLast(50).once('value'));
    await assertSucceeds(
      groups(carol).orderByKey().endBefore(groupId).limitToLast(50).once('value'),
    );
    await assertFails(groups(carol).orderByKey().limitToLast(500).once('value'));
    await assertFails(groups(carol).once('value'));
    await assertFails(groups(null).orderByKey().limitToLast(50).once('value'));
  });

  it('lets anyone signed in read one group', async () => {
    await assertSucceeds(dbAs(carol).ref(`Mygroup/${groupId}`).once('value'));
    await assertFails(dbAs(null).ref(`Mygroup/${groupId}`).once('value'));
  });
});

describe('groupMembership: invitations', () => {
  beforeEach(() => seed(withGroup));

  it('lets the admin invite a friend', async () => {
    await assertSucceeds(write(alice, membership(bob, 'Bob', 'invited')));
  });

  it("refuses inviting someone who is not the admin's friend", async () => {
    await assertFails(write(alice, membership(carol, 'Carol', 'invited')));
  });

  it('refuses invitations by anyone but the admin', async () => {
    await assertFails(write(bob, membership(carol, 'Carol', 'invited')));
    await assertFails(write(bob, membership(bob, 'Bob', 'invited')));
  });

  it("refuses adding a member directly, skipping the invitee's consent", async () => {
    await assertFails(write(alice, membership(bob, 'Bob', 'member')));
  });

  it('refuses a roster entry without its mirror, or a mirror without its entry', async () => {
    await assertFails(
      write(alice, { [`groupMembership/${groupId}/${bob}`]: entry('invited', 'Bob') }),
    );
    await assertFails(write(alice, { [`userGroups/${bob}/${groupId}`]: 'invited' }));
    await assertFails(
      write(alice, {
        ...membership(bob, 'Bob', 'invited'),
        [`userGroups/${bob}/${groupId}`]: 'member',
      }),
    );
  });

  it('refuses wrong names, client clocks and unknown fields', async () => {
    const invite = (value: Record<string, unknown>) =>
      write(alice, {
        [`groupMembership/${groupId}/${bob}`]: value,
        [`userGroups/${bob}/${groupId}`]: 'invited',
      });
    await assertFails(invite(entry('invited', 'Robert')));
    await assertFails(invite(entry('invited', 'Bob', { at: Date.now() - 60_000 })));
    await assertFails(invite(entry('invited', 'Bob', { at: Date.now() - 1000 })));
    await assertFails(invite(entry('invited', 'Bob', { role: 'owner' })));
    await assertFails(invite({ status: 'invited', username: 'Bob' }));
  });

  it('refuses memberships of a group that does not exist', async () => {
    const ghost = '-Nghost';
    await assertFails(
      write(bob, {
        [`groupMembership/${ghost}/${bob}`]: entry('requested', 'Bob'),
        [`userGroups/${bob}/${ghost}`]: 'requested',
      }),
    );
  });
});

describe('groupMembership: answering an invitation', () => {
  beforeEach(() => seed({ ...withGroup, ...stored(bob, 'Bob', 'invited') }));

  it('lets the invitee accept', async () => {
    await assertSucceeds(write(bob, membership(bob, 'Bob', 'member')));
  });

  it('refuses anyone else accepting for them, the admin included', async () => {
    await assertFails(write(alice, membership(bob, 'Bob', 'member')));
    await assertFails(write(carol, membership(bob, 'Bob', 'member')));
  });

  it('lets the invitee decline and the admin withdraw, but not a stranger', async () => {
    await assertFails(write(carol, membership(bob, 'Bob', null)));
    await assertSucceeds(write(bob, membership(bob, 'Bob', null)));
    await seed(stored(bob, 'Bob', 'invited'));
    await assertSucceeds(write(alice, membership(bob, 'Bob', null)));
  });
});

describe('groupMembership: asking to join', () => {
  beforeEach(() => seed(withGroup));

  it('lets someone who was not invited ask to join, for themselves only', async () => {
    await assertSucceeds(write(carol, membership(carol, 'Carol', 'requested')));
    await assertFails(write(carol, membership(bob, 'Bob', 'requested')));
  });

  it('refuses the admin asking to join their own group', async () => {
    await assertFails(write(alice, membership(alice, 'Alice', 'requested')));
  });

  it('lets only the admin approve a request', async () => {
    await seed(stored(carol, 'Carol', 'requested'));
    await assertFails(write(carol, membership(carol, 'Carol', 'member')));
    await assertFails(write(bob, membership(carol, 'Carol', 'member')));
    await assertSucceeds(write(alice, membership(carol, 'Carol', 'member')));
  });

  it('lets a member leave and the admin remove a member', async () => {
    await seed(stored(carol, 'Carol', 'member'));
    await assertFails(write(bob, membership(carol, 'Carol', null)));
    await assertSucceeds(write(carol, membership(carol, 'Carol', null)));
    await seed(stored(carol, 'Carol', 'member'));
    await assertSucceeds(write(alice, membership(carol, 'Carol', null)));
  });
});

describe('groupMembership and userGroups: reading', () => {
  beforeEach(() =>
    seed({
      ...withGroup,
      ...stored(bob, 'Bob', 'member'),
      ...stored(carol, 'Carol', 'invited'),
    }),
  );
  const roster = (uid: string) => dbAs(uid).ref(`groupMembership/${groupId}`).once('value');

  it('lets the admin and members read the roster', async () => {
    await assertSucceeds(roster(alice));
    await assertSucceeds(roster(bob));
  });

  it('refuses the roster to people who are only invited, and to strangers', async () => {
    await assertFails(roster(carol));
    await seed({ 'users/dave-uid': { username: 'Dave' } });
    await assertFails(roster('dave-uid'));
    await assertFails(dbAs(alice).ref('groupMembership').once('value'));
  });

  it('lets each user read only their own statuses', async () => {
    await assertSucceeds(dbAs(carol).ref(`userGroups/${carol}`).once('value'));
    await assertFails(dbAs(alice).ref(`userGroups/${carol}`).once('value'));
    await assertFails(dbAs(alice).ref('userGroups').once('value'));
  });
});
