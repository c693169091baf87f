import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dave,
  erin,
  group,
  groupId,
  groupWorld,
  handOverTo,
  membership,
  stored,
} from './groups-fixtures';
import { alice, bob, carol } from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

// The groups a deleted account ran are handed over or closed, never left dangling.
const { dbAs, seed, write } = rulesEnvForFile('group-succession');

/** The database part of Alice deleting her account (her profile and her own places). */
const aliceAccountGone = {
  [`users/${alice}`]: null,
  [`userPrivate/${alice}`]: null,
  [`settings/${alice}`]: null,
  [`notifications/${alice}`]: null,
};
const adminOfGroup = async () =>
  (await dbAs(bob).ref(`Mygroup/${groupId}/adminId`).get()).val() as unknown;

describe('the admin hands the group over', () => {
  beforeEach(() => seed(groupWorld));

  it('to a current member, who leaves the roster in the same update', async () => {
    await assertSucceeds(write(alice, handOverTo(bob)));
    expect(await adminOfGroup()).toBe(bob);
    // Bob now runs it: he renames it; Alice, no longer in it, cannot.
    await assertSucceeds(write(bob, { [`Mygroup/${groupId}/groupName`]: 'Bobs hikers' }));
    await assertFails(write(alice, { [`Mygroup/${groupId}/groupName`]: 'Mine again' }));
  });

  it('in the same update that deletes her account', async () => {
    await assertSucceeds(write(alice, { ...aliceAccountGone, ...handOverTo(bob) }));
    expect(await adminOfGroup()).toBe(bob);
  });

  it('never to an invitee, a requester, a stranger or a member whose account is gone', async () => {
    await seed(stored(dave, 'requested'));
    await assertFails(write(alice, handOverTo(erin)));
    await assertFails(write(alice, handOverTo(dave)));
    await seed(membership(dave, null));
    await assertFails(write(alice, handOverTo(dave)));
    await seed({ [`users/${carol}`]: null });
    await assertFails(write(alice, handOverTo(carol)));
  });

  it('never half-done, under another name, or with a rename', async () => {
    await assertFails(write(alice, { [`Mygroup/${groupId}/adminId`]: bob }));
    await assertFails(
      write(alice, {
        [`Mygroup/${groupId}/adminId`]: bob,
        [`Mygroup/${groupId}/adminName`]: 'Bob',
      }),
    );
    await assertFails(write(alice, handOverTo(bob, 'Alice')));
    await assertFails(write(alice, handOverTo(bob, 'Boss')));
    await assertFails(
      write(alice, { ...handOverTo(bob), [`Mygroup/${groupId}/groupName`]: 'Renamed' }),
    );
  });

  it('refuses a member or a stranger seizing a group whose admin has an account', async () => {
    await assertFails(write(bob, handOverTo(bob)));
    await assertFails(write(carol, handOverTo(bob)));
    await assertFails(
      write(dave, {
        [`Mygroup/${groupId}/adminId`]: dave,
        [`Mygroup/${groupId}/adminName`]: 'Dave',
      }),
    );
    await assertFails(write(null, handOverTo(bob)));
  });
});

describe('fallback: the admin was deleted outside the app', () => {
  beforeEach(() => seed({ ...groupWorld, [`users/${alice}`]: null }));

  it('a current member takes the group over, leaving the roster', async () => {
    await assertSucceeds(write(carol, handOverTo(carol)));
    expect(await adminOfGroup()).toBe(carol);
    // Once someone runs it, nobody else takes it (its admin exists again).
    await assertFails(write(bob, handOverTo(bob)));
  });

  it('not an invitee, a stranger, someone else on the member’s behalf, or half of it', async () => {
    await assertFails(write(erin, handOverTo(erin)));
    await assertFails(
      write(dave, {
        [`Mygroup/${groupId}/adminId`]: dave,
        [`Mygroup/${groupId}/adminName`]: 'Dave',
      }),
    );
    await assertFails(write(bob, handOverTo(carol)));
    await assertFails(
      write(carol, {
        [`Mygroup/${groupId}/adminId`]: carol,
        [`Mygroup/${groupId}/adminName`]: 'Carol',
      }),
    );
    await assertFails(
      write(carol, { ...handOverTo(carol), [`Mygroup/${groupId}/groupTag`]: 'Mine now' }),
    );
  });
});

describe('a group with nobody in it closes with its admin’s account', () => {
  const close = {
    [`Mygroup/${groupId}`]: null,
    ...membership(erin, null),
  };
  beforeEach(() =>
    seed({
      ...groupWorld,
      ...membership(bob, null),
      ...membership(carol, null),
      [`groupMessages/${groupId}/-Nold`]: {
        message: 'Old',
        senderId: alice,
        senderName: 'Alice',
        createdAt: 1,
      },
    }),
  );

  it('is removed with its whole roster in the deleting update', async () => {
    await assertSucceeds(write(alice, { ...aliceAccountGone, ...close }));
    const left = await dbAs(dave).ref(`Mygroup/${groupId}`).get();
    expect(left.exists()).toBe(false);
  });

  it('not outside an account deletion, with a roster entry left, or by anyone else', async () => {
    await assertFails(write(alice, close));
    await assertFails(write(alice, { ...aliceAccountGone, [`Mygroup/${groupId}`]: null }));
    await assertFails(write(erin, { ...close }));
    await assertFails(write(dave, { [`Mygroup/${groupId}`]: null }));
  });

  it('its id is never reused, so its conversation stays closed to a newcomer', async () => {
    await assertSucceeds(write(alice, { ...aliceAccountGone, ...close }));
    await assertFails(
      write(dave, { [`Mygroup/${groupId}`]: { ...group, adminId: dave, adminName: 'Dave' } }),
    );
    await assertFails(dbAs(dave).ref(`groupMessages/${groupId}`).get());
    // A fresh id still works.
    await assertSucceeds(
      write(dave, { [`Mygroup/-Nfresh`]: { ...group, adminId: dave, adminName: 'Dave' } }),
    );
  });
});
