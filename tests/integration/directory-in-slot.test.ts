import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { profilesWatched, selectDisplayName } from '../../src/features/profiles';
import { userSearchChanged } from '../../src/features/directory/directory-slice';
import { selectFriendRows } from '../../src/features/friends';
import { selectIncomingRequests } from '../../src/features/friends/friends-selectors';
import { createGroup, inviteFriend } from '../../src/features/groups/groups-thunks';
import { directKey } from '../../src/lib/conversation-key';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { makeEncryptionApi } from '../../src/lib/firebase/encryption';
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

/**
 * Until `person` holds a connection to its home (1) only, by its client's count and the
 * emulator's at once: the directory closed once idle.
 */
const homeOnly = (person: Person) =>
  expect
    .poll(
      async () => [placementsOf(person.client.db).openInstances(), await connectionsOf(person.uid)],
      { timeout: 15_000 },
    )
    .toEqual([[1], [ns(1)]]);

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
    await homeOnly(bob);
    // Online is the home's connection: the directory's being closed is no offline banner.
    expect(state().inbox.connection).toBe('online');

    // Carol's request: her directory hint on Bob's home wakes a look.
    await carol.relationships.sendRequest(carol, bob);
    await eventually(
      () => expect(selectIncomingRequests(state()).map((r) => r.senderId)).toEqual([carol.uid]),
      BY_HINT_MS,
    );
    await homeOnly(bob);

    // Bob's request to Dave (his own write puts the directory online), accepted once it closed.
    const toDave = requestFrom(bob, dave, await bob.relationships.sendRequest(bob, dave));
    await homeOnly(bob);
    await dave.relationships.acceptRequest(toDave);
    await eventually(() => expect(selectFriendRows(state())).toHaveLength(2), BY_HINT_MS);
    await homeOnly(bob);

    // Alice's new group invites Bob: the invitation's hint again.
    const aliceApp = storeFor(alice);
    stopAfterTest(aliceApp.stop);
    await aliceApp.ready();
    const groupId = await aliceApp.store.dispatch(createGroup(HIKERS)).unwrap();
    const friend = { uid: bob.uid, username: bob.username };
    await aliceApp.store.dispatch(inviteFriend({ groupId, friend })).unwrap();
    await eventually(() => expect(state().memberships.mine[groupId]).toBe('invited'), BY_HINT_MS);
    await homeOnly(bob);

    // Alice's rename writes no hint: not seen while the directory is closed, then at the
    // periodic look. Renamed just after one periodic look, so the next is a period away.
    const nameOfAlice = () => selectDisplayName(state(), alice.uid, 'copied');
    expect(nameOfAlice()).toBe('Alice');
    await expect
      .poll(() => placementsOf(bob.client.db).openInstances(), { timeout: LOOK_MS + 5_000 })
      .toContain(0);
    await homeOnly(bob);
    await makeAccountApi(alice.client.auth, alice.client.db).changeName(alice.uid, 'Alicia');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(nameOfAlice()).toBe('Alice');
    await eventually(() => expect(nameOfAlice()).toBe('Alicia'), LOOK_MS + 5_000);
    await homeOnly(bob);
  }, 150_000);

  it("shows offline when the home's connection drops, not the directory's", async () => {
    const [bob] = await people('Bob');
    await adminUpdate({ [`homes/${bob.uid}`]: 1 });
    startMirroring();
    const app = await appOf(bob, bob.uid);
    const connection = () => app.store.getState().inbox.connection;
    await homeOnly(bob);
    expect(connection()).toBe('online');

    const home = await placementsOf(bob.client.db).databaseFor(1);
    goOffline(home);
    await eventually(() => expect(connection()).toBe('offline'));
    goOnline(home);
    await eventually(() => expect(connection()).toBe('online'), 10_000);
  }, 60_000);
  it("reads a friend's devices as stored before wrapping, not a listener's copy from the last look", async () => {
    const [alice, bob] = await people('Alice', 'Bob');
    await adminUpdate({ [`homes/${bob.uid}`]: 1 });
    startMirroring();
    const { id } = await befriend(alice, bob);
    await mirrorIdle();
    const device = (n: number) => ({ publicKey: `key-${String(n)}`, createdAt: n });
    await adminUpdate({ [`deviceKeys/${alice.uid}/one`]: device(1) });
    const encryption = makeEncryptionApi(bob.client.db);
    // Bob's app follows Alice's devices (the security codes screen), then the directory closes.
    const heard: string[][] = [];
    stopAfterTest(
      encryption.subscribeDevices(alice.uid, (devices) =>
        heard.push(devices.map((d) => d.deviceId)),
      ),
    );
    await placementsOf(bob.client.db).homeOfNow(bob.uid);
    await eventually(() => expect(heard.at(-1)).toEqual(['one']));
    await homeOnly(bob);

    // Alice's second device, published with no hint: the listener's copy misses it.
    await adminUpdate({ [`deviceKeys/${alice.uid}/two`]: device(2) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard.at(-1)).toEqual(['one']);
    const devices = await encryption.keyDirectory(bob.uid).devicesOf(directKey(id), [alice.uid]);
    expect(devices.map((d) => d.deviceId).sort()).toEqual(['one', 'two']);
  }, 60_000);
});
