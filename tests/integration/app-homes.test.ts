import { goOffline, type Database } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { randomBytes } from '../../src/lib/crypto/crypto-bytes';
import { draftsKeyFrom } from '../../src/lib/crypto/drafts-seal';
import { makeDraftsApi, placementsOf, type Drafts } from '../../src/lib/firebase/conversations';
import { makeDevicesApi } from '../../src/lib/firebase/encryption/devices';
import { makeInboxPrefsApi } from '../../src/lib/firebase/inbox';
import type { PresenceStatus } from '../../src/lib/firebase/presence/status';
import { dbRest } from '../../scripts/stack/admin';
import { adminGet, adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, storeFor, type Person } from './app-clients';
import { anotherDevice } from './encryption-device-apps';
import {
  connectionsOf,
  instance,
  instancesPerTest,
  reachesInstances,
} from './inbox-instances-steps';

// Each person's own records on their home (docs/scaling.md, "Instances and what lives where"):
// two namespaces of our emulator, the directory (instance 0, Bob's home) and instance 1 (Alice's
// home), with the mirror process copying `homes/{uid}` to the home, where the rules check it.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring } = instancesPerTest(2);

const onOne = (path: string) => dbRest(instance(1), 'GET', path);

/** Alice at home on 1, Bob on the directory; the mirror running once `mirrored` is true. */
async function aliceOnOne(mirrored = true) {
  const [alice, bob] = [await signUp('Alice'), await signUp('Bob')];
  for (const person of [alice, bob]) reachesInstances(person);
  await adminUpdate({ [`homes/${alice.uid}`]: 1, [`homes/${bob.uid}`]: 0 });
  if (mirrored) {
    startMirroring();
    await expect.poll(() => onOne(`homes/${alice.uid}`), { timeout: 10_000 }).toBe(1);
  }
  return { alice, bob };
}

/** What `watcher` sees of `watched`'s presence, as the chat header gets it. */
function watch(watcher: Person, watched: Person) {
  let latest: PresenceStatus | null | undefined;
  stopAfterTest(
    watcher.presence.subscribeStatus(
      watched.uid,
      (status) => (latest = status),
      (error) => {
        throw error;
      },
    ),
  );
  return () => (latest === null ? 'never' : latest?.state);
}

const homeOf = (person: Person): Promise<Database> => placementsOf(person.client.db).databaseFor(1);

describe("each person's own records on their home", () => {
  it('writes presence on the home only; a friend on the directory sees online, then offline', async () => {
    const { alice, bob } = await aliceOnOne();
    // Alice's friendship is placed on her home: Bob's open conversation holds instance 1.
    const { id } = await befriend(alice, bob);
    const app = storeFor(alice);
    stopAfterTest(app.stop);
    await expect.poll(() => onOne(`status/${alice.uid}/state`), { timeout: 10_000 }).toBe('online');
    expect(await adminGet(`status/${alice.uid}`)).toBeNull();

    // Away from Bob's connections: read through the slot when shown.
    const seen = watch(bob, alice);
    await eventually(() => expect(seen()).toBe('online'), 10_000);

    // Bob opens their conversation (its instance held): the status is followed live there.
    stopAfterTest(
      bob.conversations.direct.subscribeLatest(
        { id, pageSize: 50 },
        () => undefined,
        () => undefined,
      ),
    );
    await eventually(() => expect(placementsOf(bob.client.db).openInstances()).toContain(1));
    // Alice's tab closes: her home runs the queued onDisconnect, and Bob sees it live.
    goOffline(await homeOf(alice));
    await eventually(() => expect(seen()).toBe('offline'), 10_000);
    expect(await onOne(`status/${alice.uid}/state`)).toBe('offline');
    expect(await adminGet(`status/${alice.uid}`)).toBeNull();
    // Never a fourth connection of Bob's: there are only two namespaces here, and his stay two.
    expect((await connectionsOf(bob.uid)).length).toBeLessThanOrEqual(2);
  }, 60_000);

  it("keeps prefs, drafts and devices' last use on the home, a draft shown on the other device", async () => {
    const { alice, bob } = await aliceOnOne();
    const { id } = await befriend(alice, bob);
    const key = directKey(id);
    const prefs = makeInboxPrefsApi(alice.client.db);
    await prefs.setMute(alice.uid, key, 'always');
    await prefs.setPins(alice.uid, [key]);
    await makeDevicesApi(alice.client.db).touchDevice(alice.uid, 'Dev0123456789abcdefg', 'Phone');

    // Two devices of Alice's holding her drafts key: one types, the other shows it.
    const draftsKey = await draftsKeyFrom(randomBytes(32), alice.uid);
    const laptop = reachesInstances(await anotherDevice(alice, stopAfterTest));
    let onLaptop: Drafts = {};
    stopAfterTest(
      makeDraftsApi(laptop.client.db, () => Promise.resolve(draftsKey)).subscribe(
        alice.uid,
        (drafts) => (onLaptop = drafts),
        (error) => {
          throw error;
        },
      ),
    );
    await makeDraftsApi(alice.client.db, () => Promise.resolve(draftsKey)).save(alice.uid, key, {
      text: 'see you at the',
    });
    await eventually(() => expect(onLaptop[key]?.text).toBe('see you at the'), 10_000);

    expect(await onOne(`inboxPrefs/${alice.uid}`)).toEqual({
      direct: { [id]: { mutedUntil: 'always' } },
      pins: [key],
    });
    expect(await onOne(`drafts/${alice.uid}/direct/${id}/text`)).toMatch(/^s1\./);
    expect(await onOne(`deviceSeen/${alice.uid}/Dev0123456789abcdefg/label`)).toBe('Phone');
    for (const tree of ['inboxPrefs', 'drafts', 'deviceSeen', 'status']) {
      expect(await adminGet(`${tree}/${alice.uid}`)).toBeNull();
    }
  }, 60_000);

  it('a write that reaches the home before its mirror waits for it, then lands there', async () => {
    const { alice } = await aliceOnOne(false);
    const muted = makeInboxPrefsApi(alice.client.db).setMute(
      alice.uid,
      'd:-Nsome0000000000001',
      'always',
    );
    // Refused on 1 meanwhile (its rules cannot see Alice's home yet): the write waits.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await onOne(`inboxPrefs/${alice.uid}`)).toBeNull();
    startMirroring();
    await muted;
    expect(await onOne(`inboxPrefs/${alice.uid}/direct/-Nsome0000000000001/mutedUntil`)).toBe(
      'always',
    );
    expect(await adminGet(`inboxPrefs/${alice.uid}`)).toBeNull();
  }, 60_000);
});
