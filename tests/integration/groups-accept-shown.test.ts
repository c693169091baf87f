/**
 * A Group List row's 'Accept' acts on what the row showed. When my status
 * changed before the row could show it, nothing is written and the refusal says why.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptGroupAsShown,
  createGroup,
  inviteFriend,
} from '../../src/features/groups/groups-thunks';
import { libStrings } from '../../src/lib/lib-strings';
import { adminGet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, storeFor } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();
const changed = `${libStrings.home.errors.join}: ${libStrings.home.errors.changedMeanwhile}`;

describe("the Group List's Accept", () => {
  it('acts on the shown invitation or join request, never on a status the row did not show', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    await befriend(alice, bob);
    const a = storeFor(alice);
    const b = storeFor(bob);
    stopAfterTest(a.stop, b.stop);
    await Promise.all([a.ready(), b.ready()]);
    const create = (groupName: string) =>
      a.store.dispatch(createGroup({ groupName, groupTag: 'Tag' })).unwrap();
    const invited = await create('Invited');
    const listed = await create('Listed');
    await a.store
      .dispatch(inviteFriend({ groupId: invited, friend: { uid: bob.uid, username: 'Bob' } }))
      .unwrap();
    await eventually(() => expect(b.store.getState().memberships.mine[invited]).toBe('invited'));

    // The row still showed 'ask to join' when the invitation arrived: no request is sent.
    const stale = await b.store.dispatch(acceptGroupAsShown({ groupId: invited, shown: null }));
    expect(stale.payload).toBe(changed);
    expect(await adminGet(`userGroups/${bob.uid}/${invited}`)).toBe('invited');
    // The row showed an invitation that is not there: no join request either.
    const gone = await b.store.dispatch(acceptGroupAsShown({ groupId: listed, shown: 'invited' }));
    expect(gone.payload).toBe(changed);
    expect(await adminGet(`userGroups/${bob.uid}/${listed}`)).toBeNull();

    // What the rows show now: the invitation joins, the listed group asks to join.
    await b.store.dispatch(acceptGroupAsShown({ groupId: invited, shown: 'invited' })).unwrap();
    await b.store.dispatch(acceptGroupAsShown({ groupId: listed, shown: null })).unwrap();
    expect(await adminGet(`userGroups/${bob.uid}/${invited}`)).toBe('member');
    expect(await adminGet(`userGroups/${bob.uid}/${listed}`)).toBe('requested');
  });
});
