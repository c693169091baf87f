import { get, ref } from 'firebase/database';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectGroupListRows, selectMyGroups } from '../../src/features/groups/groups-selectors';
import { makeAccountApi } from '../../src/lib/firebase/settings/account';
import { adminGet } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';

// Deleting an account hands each group it ran to the longest-standing member,
// or closes a group nobody is in, in the deletion's own update (src/lib/firebase/account.ts).
const { signUp, stopAfterTest } = cleanBackendPerTest();
let alice: Person;
let bob: Person;
let carol: Person;

/** Alice runs both groups; Carol joined Hikers first, Bob after her; Bob is only invited to Empty. */
beforeEach(async () => {
  alice = await signUp('Alice');
  bob = await signUp('Bob');
  carol = await signUp('Carol');
  await befriend(alice, bob);
});

describe('deleting the account of a group admin', () => {
  it('hands a group to its longest-standing member and closes one with nobody in it', async () => {
    const hikers = await hikersThroughGateways(alice);
    const empty = await alice.groups.createGroup(alice, { groupName: 'Empty', groupTag: 'None' });
    await carol.groups.requestToJoin(hikers, carol);
    await alice.groups.admit(hikers, carol);
    await alice.groups.invite(hikers, bob);
    await bob.groups.admit(hikers, bob);
    await alice.groups.invite(empty, bob);

    const c = storeFor(carol);
    const b = storeFor(bob);
    stopAfterTest(c.stop, b.stop);
    await Promise.all([c.ready(), b.ready()]);
    await eventually(() => {
      expect(selectMyGroups(c.store.getState())).toEqual([]);
      const row = selectGroupListRows(c.store.getState()).find((r) => r.group.id === hikers);
      expect(row?.status).toBe('member');
    });

    await makeAccountApi(alice.client.auth, alice.client.db).deleteAccount('Secret123');

    // Carol (joined first) now runs Hikers: it shows under her My Groups, not as a membership.
    await eventually(() => {
      expect(selectMyGroups(c.store.getState()).map((g) => [g.id, g.adminName])).toEqual([
        [hikers, 'Carol'],
      ]);
      // The Group List shows groups someone else runs: Hikers is no longer among them.
      const rows = selectGroupListRows(c.store.getState());
      expect(rows.map((row) => row.group.id)).not.toContain(hikers);
    });
    const roster = await get(ref(carol.client.db, `groupMembership/${hikers}`));
    expect(Object.keys(roster.val() as object)).toEqual([bob.uid]);
    // Empty is closed: the group, Bob's invitation and its mirror are gone.
    expect((await get(ref(bob.client.db, `Mygroup/${empty}`))).exists()).toBe(false);
    expect((await get(ref(bob.client.db, `userGroups/${bob.uid}`))).val()).toEqual({
      [hikers]: 'member',
    });

    // The group goes on: Bob posts, and the new admin counts it.
    await bob.conversations.group.send(
      { groupId: hikers, from: { uid: bob.uid, name: 'Bob' }, to: [carol.uid] },
      'Still here',
    ).acked;
    // Read on the server: Carol's own listener on her inbox may not have the update yet.
    expect(await adminGet(`groupInbox/${carol.uid}/${hikers}/unread`)).toBe(1);
  });
});
