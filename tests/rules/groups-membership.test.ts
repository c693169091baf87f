import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { alice, aliceBlocksBob, befriended, bob, carol, conversationId } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// Every way out of a group, renaming, and blocks against invitations.
const { seed, write } = rulesEnvForFile('groups-membership');

/** Alice administers the group; Bob is her friend; Carol knows nobody. */
const groupId = '-Ngroup0000000000002';
const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up a hill' };
const withGroup = { ...befriended, [`Mygroup/${groupId}`]: group };
const stored = (uid: string, username: string, status: string) => ({
  [`groupMembership/${groupId}/${uid}`]: { status, username, at: 1 },
  [`userGroups/${uid}/${groupId}`]: status,
});
const gone = (uid: string) => ({
  [`groupMembership/${groupId}/${uid}`]: null,
  [`userGroups/${uid}/${groupId}`]: null,
});
const invite = (uid: string, username: string) => ({
  [`groupMembership/${groupId}/${uid}`]: { status: 'invited', username, at: SERVER_TIME },
  [`userGroups/${uid}/${groupId}`]: 'invited',
});

describe('groupMembership: cancelling my join request', () => {
  beforeEach(() => seed({ ...withGroup, ...stored(carol, 'Carol', 'requested') }));

  it('lets the requester withdraw it and the admin decline it', async () => {
    await assertSucceeds(write(carol, gone(carol)));
    await seed(stored(carol, 'Carol', 'requested'));
    await assertSucceeds(write(alice, gone(carol)));
  });

  it('refuses anyone else, a signed-out client, or half of the change', async () => {
    await assertFails(write(bob, gone(carol)));
    await assertFails(write(null, gone(carol)));
    await assertFails(write(carol, { [`groupMembership/${groupId}/${carol}`]: null }));
    await assertFails(write(carol, { [`userGroups/${carol}/${groupId}`]: null }));
  });
});

describe('groupMembership: leaving and removing', () => {
  beforeEach(() =>
    seed({ ...withGroup, ...stored(bob, 'Bob', 'member'), ...stored(carol, 'Carol', 'member') }),
  );

  it('lets a member leave, and the admin remove a member', async () => {
    await assertSucceeds(write(bob, gone(bob)));
    await assertSucceeds(write(alice, gone(carol)));
  });

  it('refuses a member removing another member, or leaving the mirror behind', async () => {
    await assertFails(write(bob, gone(carol)));
    await assertFails(write(carol, gone(bob)));
    await assertFails(write(bob, { [`groupMembership/${groupId}/${bob}`]: null }));
  });

  it('refuses a member turning themselves back into an invitee or requester', async () => {
    await assertFails(write(bob, invite(bob, 'Bob')));
    await assertFails(
      write(bob, {
        [`groupMembership/${groupId}/${bob}`]: {
          status: 'requested',
          username: 'Bob',
          at: SERVER_TIME,
        },
        [`userGroups/${bob}/${groupId}`]: 'requested',
      }),
    );
  });
});

describe('groupMembership: blocks stop invitations', () => {
  it('lets the admin invite a friend with no block between them', async () => {
    await seed(withGroup);
    await assertSucceeds(write(alice, invite(bob, 'Bob')));
  });

  it('refuses an invitation once either of the pair blocked the other', async () => {
    // After a block the friendship is gone; older inconsistent data may hold both records.
    await seed({
      ...withGroup,
      [`block/${conversationId}`]: aliceBlocksBob,
      [`friendList/${conversationId}`]: null,
    });
    await assertFails(write(alice, invite(bob, 'Bob')));
    await seed({ [`friendList/${conversationId}`]: befriended[`friendList/${conversationId}`] });
    await assertFails(write(alice, invite(bob, 'Bob')));
  });
});

describe('Mygroup: renaming', () => {
  beforeEach(() => seed(withGroup));
  const rename = (uid: string, fields: Record<string, unknown>) =>
    write(
      uid,
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [`Mygroup/${groupId}/${k}`, v])),
    );

  it('lets the admin change the name and the tag together', async () => {
    await assertSucceeds(rename(alice, { groupName: 'Climbers', groupTag: 'Up a wall' }));
  });

  it("refuses the spec's bad names and tags", async () => {
    await assertFails(rename(alice, { groupName: 'C' }));
    await assertFails(rename(alice, { groupName: 'x'.repeat(31) }));
    await assertFails(rename(alice, { groupName: 'Climbers ' }));
    await assertFails(rename(alice, { groupTag: 'U' }));
    await assertFails(rename(alice, { groupTag: 'x'.repeat(61) }));
    await assertFails(rename(alice, { groupTag: ' Up' }));
    await assertFails(rename(alice, { groupName: null }));
  });

  it('refuses a member, a stranger or a signed-out client renaming it', async () => {
    await seed(stored(bob, 'Bob', 'member'));
    await assertFails(rename(bob, { groupName: 'Bobs' }));
    await assertFails(rename(carol, { groupName: 'Carols' }));
    await assertFails(write(null, { [`Mygroup/${groupId}/groupName`]: 'Nobody' }));
  });
});
