import { beforeEach, describe, expect, it } from 'vitest';
import {
  approveJoinRequest,
  createGroup,
  inviteFriend,
} from '../../src/features/groups/groups-thunks';
import {
  selectGroupListRows,
  selectMyGroups,
  selectRosterView,
} from '../../src/features/groups/groups-selectors';
import { hikersThroughGateways } from '../support/hikers-group';
import {
  befriend,
  cleanBackendPerTest,
  eventually,
  storeFor,
  type Person,
  acceptGroup,
} from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();
let alice: Person;
let bob: Person;
let carol: Person;

/** Alice and Bob are friends (as accepting a request leaves them); Carol knows nobody. */
beforeEach(async () => {
  alice = await signUp('Alice');
  bob = await signUp('Bob');
  carol = await signUp('Carol');
  await befriend(alice, bob);
});

describe('groups between signed-in people', () => {
  it('create -> invite -> accept -> member, and ask -> approve -> member, live on every side', async () => {
    const a = storeFor(alice);
    const b = storeFor(bob);
    const c = storeFor(carol);
    stopAfterTest(a.stop, b.stop, c.stop);
    await Promise.all([a.ready(), b.ready(), c.ready()]);
    const as = (p: Person) => ({ uid: p.uid, username: p.username });

    // Each side acts through the app's thunks, as its buttons do.
    const groupId = await a.store
      .dispatch(createGroup({ groupName: 'Hikers', groupTag: 'Up a hill' }))
      .unwrap();
    await eventually(() => {
      expect(selectMyGroups(a.store.getState()).map((g) => g.id)).toEqual([groupId]);
      expect(selectGroupListRows(b.store.getState())).toMatchObject([
        { group: { id: groupId }, status: null },
      ]);
      expect(selectGroupListRows(a.store.getState())).toEqual([]);
    });

    await a.store.dispatch(inviteFriend({ groupId, friend: as(bob) })).unwrap();
    await eventually(() => {
      expect(selectGroupListRows(b.store.getState())[0]?.status).toBe('invited');
      expect(selectRosterView(a.store.getState(), groupId).invited.map((e) => e.uid)).toEqual([
        bob.uid,
      ]);
    });

    await b.store.dispatch(acceptGroup(groupId)).unwrap();
    await eventually(() => {
      expect(selectGroupListRows(b.store.getState())[0]?.status).toBe('member');
      expect(selectRosterView(a.store.getState(), groupId).members.map((e) => e.uid)).toEqual([
        bob.uid,
      ]);
      // A member reads the roster too, so the Group List can show who is in.
      expect(selectRosterView(b.store.getState(), groupId).members.map((e) => e.uid)).toEqual([
        bob.uid,
      ]);
    });

    await c.store.dispatch(acceptGroup(groupId)).unwrap();
    await eventually(() => {
      expect(selectGroupListRows(c.store.getState())[0]?.status).toBe('requested');
      expect(selectRosterView(a.store.getState(), groupId).requested.map((e) => e.uid)).toEqual([
        carol.uid,
      ]);
    });
    await a.store.dispatch(approveJoinRequest({ groupId, person: as(carol) })).unwrap();
    await eventually(() => {
      expect(selectGroupListRows(c.store.getState())[0]?.status).toBe('member');
      expect(selectRosterView(b.store.getState(), groupId).members).toHaveLength(2);
    });
  });

  it('refuses invitations of strangers, and changes by anyone but the admin', async () => {
    const groupId = await hikersThroughGateways(alice);
    await expect(alice.groups.invite(groupId, carol)).rejects.toThrow(/permission/i);
    await expect(bob.groups.invite(groupId, carol)).rejects.toThrow(/permission/i);
    await expect(carol.groups.admit(groupId, carol)).rejects.toThrow(/permission/i);
    await expect(
      bob.groups.createGroup(bob, { groupName: 'x', groupTag: 'too short name' }),
    ).rejects.toThrow(/permission/i);
  });

  it('a member who leaves loses the roster and the group drops back to joinable', async () => {
    const groupId = await hikersThroughGateways(alice, [bob]);
    const b = storeFor(bob);
    stopAfterTest(b.stop);
    await eventually(() =>
      expect(selectRosterView(b.store.getState(), groupId).members).toHaveLength(1),
    );
    await bob.groups.remove(groupId, bob);
    await eventually(() => {
      expect(selectGroupListRows(b.store.getState())).toMatchObject([{ status: null }]);
      expect(b.store.getState().memberships.rosters[groupId]).toBeUndefined();
    });
  });
});
