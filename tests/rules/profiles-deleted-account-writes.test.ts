import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { groupSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { dave, groupId, groupWorld, membership, noteFor, stored } from './groups-fixtures';
import { increment, send } from './inbox-fixtures';
import { alice, befriended, bob, carol } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// Nothing writes into an account that is gone (its `users/{uid}` missing).
const { seed, write } = rulesEnvForFile('deleted-account-writes');

const server = { now: SERVER_TIME, plusOne: increment(1) };
/** `from` posts to the group with inbox entries for `to`, as the app sends it. */
const post = (from: string, to: string[], id: string) =>
  groupSendWrite(
    { groupId, from: { uid: from, name: from === bob ? 'Bob' : 'Carol' }, to },
    id,
    'Hi all',
    server,
  );
const gone = (uid: string) => seed({ [`users/${uid}`]: null });

describe('a join request to a group whose admin is gone', () => {
  beforeEach(() => seed(groupWorld));
  const ask = () => ({
    ...membership(dave, 'requested'),
    ...noteFor(alice, 'joinRequest', dave, groupId, 'Hikers'),
  });

  it('is accepted while the admin has an account', async () => {
    await assertSucceeds(write(dave, ask()));
  });

  it('is refused, with or without its notification (which would recreate the feed)', async () => {
    await gone(alice);
    await assertFails(write(dave, ask()));
    await assertFails(write(dave, membership(dave, 'requested')));
    await assertFails(write(dave, noteFor(alice, 'joinRequest', dave, groupId, 'Hikers')));
  });
});

describe("a member's post", () => {
  beforeEach(() => seed(groupWorld));

  it('writes inbox entries for the admin and members who have accounts', async () => {
    await assertSucceeds(write(bob, post(bob, [alice, carol], '-Npost1')));
  });

  it('is refused with an entry for a deleted admin or member; accepted leaving them out', async () => {
    await gone(alice);
    await assertFails(write(bob, post(bob, [alice, carol], '-Npost2')));
    await gone(carol);
    await assertFails(write(bob, post(bob, [carol], '-Npost3')));
    await assertSucceeds(write(bob, post(bob, [], '-Npost4')));
  });
});

describe('invitations and approvals of a deleted account', () => {
  it('the admin cannot invite a friend whose account is gone', async () => {
    await seed({ ...befriended, [`Mygroup/${groupId}`]: groupWorld[`Mygroup/${groupId}`] });
    await assertSucceeds(write(alice, membership(bob, 'invited')));
    await seed(membership(bob, null));
    await gone(bob);
    await assertFails(write(alice, membership(bob, 'invited')));
    await assertFails(
      write(alice, {
        ...membership(bob, 'invited'),
        ...noteFor(bob, 'groupInvite', alice, groupId, 'Hikers'),
      }),
    );
  });

  it('the admin cannot approve a requester whose account is gone, nor notify them', async () => {
    await seed({ ...groupWorld, ...stored(dave, 'requested') });
    await gone(dave);
    await assertFails(write(alice, membership(dave, 'member')));
    await assertFails(
      write(alice, {
        ...membership(dave, 'member'),
        ...noteFor(dave, 'joinApproved', alice, groupId, 'Hikers'),
      }),
    );
    // Declining the stale request (removing it) stays possible, without a notification.
    await assertFails(
      write(alice, {
        ...membership(dave, null),
        ...noteFor(dave, 'groupRemoved', alice, groupId, 'Hikers'),
      }),
    );
    await assertSucceeds(write(alice, membership(dave, null)));
  });
});

describe('one-to-one (refused from the start; kept)', () => {
  it('a message to a friend whose account is gone is refused', async () => {
    await seed(befriended);
    await gone(alice);
    await assertFails(write(bob, send(bob, alice, '-Nafter')));
  });
});
