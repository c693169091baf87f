import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { profilesWatched, selectDisplayName } from '../../src/features/profiles';
import { userSearchChanged } from '../../src/features/directory/directory-slice';
import { selectFriendRows } from '../../src/features/friends';
import { selectIncomingRequests } from '../../src/features/friends/friends-selectors';
import { createGroup, inviteFriend } from '../../src/features/groups/groups-thunks';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { makeAccountApi } from '../../src/lib/firebase/settings/account';
import { adminUpdate } from '../support/backend';
import { HIKERS } from '../support/hikers-group';
import {
  befriend,
  cleanBackendPerTest,
  eventually,
  requestFrom,
  storeFor,
  type Person,
} from './app-clients';
import {
  connectionsOf,
  instance,
  instancesPerTest,
  reachesInstances,
} from './inbox-instances-steps';

// The directory in the slot (docs/scaling.md, "The directory in the slot"): three namespaces;
// Bob lives on instance 1, so once his home is known the directory is looked at, not held:
// online for a look (a directory hint on his home, his home's reconnect, every 20 s here instead
// of 15 minutes) or a write, closed once idle (1.5 s here instead of 30).
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(3);
const ns = (n: number) => instance(n).dbNamespace;
const IDLE_MS = 1_500;
const LOOK_MS = 20_000;
/** Well under the periodic look: what arrives within it came by its hint. */
const BY_HINT_MS = 6_000;

const people = (...names: string[]) =>
  Promise.all(
    names.map(async (name) =>
      reachesInstances(await signUp(name), { idleMs: IDLE_MS, directoryLookMs: LOOK_MS }),
    ),
  );

/** Bob's app, signed in with its every listener, watching `watched`'s profile. */
async function appOf(person: Person, watched: string) {
  const app = storeFor(person);
  stopAfterTest(app.stop);
  await app.ready();
  app.store.dispatch(userSearchChanged('nobody-matches'));
  app.store.dispatch(profilesWatched([watched]));
  return app;
}

/** Until `uid` holds a connection to its home (1) only: the directory closed once idle. */
const homeOnly = (uid: string) =>
  expect.poll(async () => connectionsOf(uid), { timeout: 15_000 }).toEqual([ns(1)]);

describe('the directory in the slot once the home is elsewhere', () => {
  it('holds no directory connection at rest, yet requests, accepts, groups and profiles reach', async () => {
    const [alice, bob, carol, dave] = await people('Alice', 'Bob', 'Carol', 'Dave');
    await adminUpdate({ [`homes/${bob.uid}`]: 1, [`homes/${alice.uid}`]: 2 });
    startMirroring();
    await befriend(alice, bob);
    await mirrorIdle();

    const bobApp = await appOf(bob, alice.uid);
    const state = () => bobApp.store.getState();
    await eventually(() => expect(selectFriendRows(state())).toHaveLength(1), 10_000);
    await homeOnly(bob.uid);
    await expect.poll(() => placementsOf(bob.client.db).openInstances()).toEqual([1]);
    // Online is the home's connection: the directory's being closed is no offline banner.
    expect(state().inbox.connection).toBe('online');

    // Carol's request: her directory hint on Bob's home wakes a look.
    await carol.relationships.sendRequest(carol, bob);
    await eventually(
      () => expect(selectIncomingRequests(state()).map((r) => r.senderId)).toEqual([carol.uid]),
      BY_HINT_MS,
    );
    await homeOnly(bob.uid);

    // Bob's request to Dave (his own write puts the directory online), accepted once it closed.
    const toDave = requestFrom(bob, dave, await bob.relationships.sendRequest(bob, dave));
    await homeOnly(bob.uid);
    await dave.relationships.acceptRequest(toDave);
    await eventually(() => expect(selectFriendRows(state())).toHaveLength(2), BY_HINT_MS);
    await homeOnly(bob.uid);

    // Alice's new group invites Bob: the invitation's hint again.
    const aliceApp = storeFor(alice);
    stopAfterTest(aliceApp.stop);
    await aliceApp.ready();
    const groupId = await aliceApp.store.dispatch(createGroup(HIKERS)).unwrap();
    const friend = { uid: bob.uid, username: bob.username };
    await aliceApp.store.dispatch(inviteFriend({ groupId, friend })).unwrap();
    await eventually(() => expect(state().memberships.mine[groupId]).toBe('invited'), BY_HINT_MS);
    await homeOnly(bob.uid);

    // Alice's rename writes no hint: not seen while the directory is closed, then at the
    // periodic look.
    const nameOfAlice = () => selectDisplayName(state(), alice.uid, 'copied');
    expect(nameOfAlice()).toBe('Alice');
    await makeAccountApi(alice.client.auth, alice.client.db).changeName(alice.uid, 'Alicia');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(nameOfAlice()).toBe('Alice');
    await eventually(() => expect(nameOfAlice()).toBe('Alicia'), LOOK_MS + 5_000);
    await homeOnly(bob.uid);
  }, 120_000);

  it("shows offline when the home's connection drops, not the directory's", async () => {
    const [bob] = await people('Bob');
    await adminUpdate({ [`homes/${bob.uid}`]: 1 });
    startMirroring();
    const app = await appOf(bob, bob.uid);
    const connection = () => app.store.getState().inbox.connection;
    await homeOnly(bob.uid);
    expect(connection()).toBe('online');

    const home = await placementsOf(bob.client.db).databaseFor(1);
    goOffline(home);
    await eventually(() => expect(connection()).toBe('offline'));
    goOnline(home);
    await eventually(() => expect(connection()).toBe('online'), 10_000);
  }, 60_000);
});
