import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, bob, carol, conversationId } from './friends-fixtures';
import { dave, erin, groupId, groupWorld, membership } from './groups-fixtures';
import { device, devices, epoch, wrapBy } from './encryption-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// An epoch key owed to a party who had no device when it was made. The sender notes
// the wait; the party asks once they have a device; the sender, or a party who holds the epoch,
// wraps it for them and marks the wait served, once. Nobody else plants a wrap for that epoch.
const { dbAs, seed, write } = rulesEnvForFile('encryption-key-waits');

describe.each([
  [
    'conversationKeyWaits',
    'conversationKeys',
    conversationId,
    { ...befriended, ...devices },
    carol,
  ],
  ['groupKeyWaits', 'groupKeys', groupId, { ...groupWorld, ...devices }, dave],
])('%s', (waits, keys, id, world, outsider) => {
  const waitAt = (uid: string, e = epoch) => `${waits}/${id}/${uid}/${e}`;
  const wrapAt = (uid: string, n: number) => `${keys}/${id}/${uid}/${epoch}/${device(n)}`;
  const owed = { [waitAt(bob)]: { of: alice } };

  it("lets the sender note a party's wait, which every party reads", async () => {
    await seed(world);
    await assertSucceeds(write(alice, owed));
    await assertSucceeds(dbAs(bob).ref(`${waits}/${id}`).once('value'));
    await assertSucceeds(dbAs(alice).ref(`${waits}/${id}`).once('value'));
    await assertFails(dbAs(outsider).ref(`${waits}/${id}`).once('value'));
    await assertFails(dbAs(null).ref(`${waits}/${id}`).once('value'));
  });

  it('refuses waits by outsiders, in the name of another, for outsiders, oneself, or again', async () => {
    await seed(world);
    await assertFails(write(outsider, { [waitAt(bob)]: { of: outsider } }));
    await assertFails(write(alice, { [waitAt(bob)]: { of: bob } }));
    await assertFails(write(alice, { [waitAt(outsider)]: { of: alice } }));
    await assertFails(write(alice, { [waitAt(alice)]: { of: alice } }));
    await assertFails(write(alice, { [waitAt(bob, 'short')]: { of: alice } }));
    await assertFails(write(alice, { [waitAt(bob)]: { of: alice, served: true } }));
    await assertFails(write(alice, { [waitAt(bob)]: { of: alice, extra: 1 } }));
    await assertFails(dbAs(alice, { email_verified: false }).ref(waitAt(bob)).set({ of: alice }));
    await seed(owed);
    await assertFails(write(alice, owed));
    await assertFails(write(alice, { [waitAt(bob)]: null }));
    await assertFails(write(bob, { [waitAt(bob)]: null }));
  });

  it('lets the waiting party alone ask, on a wait that exists', async () => {
    await seed({ ...world, ...owed });
    await assertSucceeds(write(bob, { [`${waitAt(bob)}/asked`]: SERVER_TIME }));
    await assertFails(write(alice, { [`${waitAt(bob)}/asked`]: SERVER_TIME }));
    await assertFails(write(outsider, { [`${waitAt(bob)}/asked`]: SERVER_TIME }));
    await assertFails(
      write(bob, { [`${waitAt(bob, '-Nepoch0000000000009')}/asked`]: SERVER_TIME }),
    );
    await assertFails(write(bob, { [`${waitAt(bob)}/asked`]: 5 }));
  });

  it('lets the sender serve a wait once: the wraps and `served` in one update', async () => {
    await seed({ ...world, ...owed });
    const serve = {
      [wrapAt(bob, 2)]: wrapBy(alice, 1),
      [`${waitAt(bob)}/served`]: true,
    };
    await assertFails(write(outsider, { ...serve, [wrapAt(bob, 2)]: wrapBy(outsider, 5) }));
    await assertFails(write(alice, { [`${waitAt(bob)}/served`]: 'yes' }));
    await assertSucceeds(write(alice, serve));
    // Served: a device Bob adds later gets old keys from his own devices' approval only.
    await assertFails(write(alice, { [wrapAt(bob, 3)]: wrapBy(alice, 1) }));
    await assertFails(write(alice, { [`${waitAt(bob)}/served`]: true }));
    await assertSucceeds(write(bob, { [wrapAt(bob, 3)]: wrapBy(bob, 2) }));
  });
});

describe('groupKeyWaits: serving by another member, and after a removal', () => {
  const waitAt = (uid: string) => `groupKeyWaits/${groupId}/${uid}/${epoch}`;
  const wrapAt = (uid: string, n: number) => `groupKeys/${groupId}/${uid}/${epoch}/${device(n)}`;
  const world = { ...groupWorld, ...devices, [waitAt(bob)]: { of: alice } };
  const serveBy = (uid: string, n: number) => ({
    [wrapAt(bob, 2)]: wrapBy(uid, n),
    [`${waitAt(bob)}/served`]: true,
  });

  it('lets a member who holds the epoch serve it, and refuses one who does not', async () => {
    await seed(world);
    await assertFails(write(carol, serveBy(carol, 4)));
    await assertFails(write(carol, { [wrapAt(bob, 2)]: wrapBy(carol, 4) }));
    await assertFails(write(carol, { [`${waitAt(bob)}/served`]: true }));
    await seed({ [wrapAt(carol, 4)]: wrapBy(alice, 1) });
    await assertSucceeds(write(carol, serveBy(carol, 4)));
  });

  it('refuses `served` with no wrap: a member holding the epoch cannot lock another out', async () => {
    await seed({ ...world, [wrapAt(carol, 4)]: wrapBy(alice, 1) });
    // Served alone would end the wait (no wrap may follow it) with nothing delivered.
    await assertFails(write(carol, { [`${waitAt(bob)}/served`]: true }));
    await assertFails(write(alice, { [`${waitAt(bob)}/served`]: true }));
    await assertFails(
      write(carol, { [`${waitAt(bob)}/served`]: true, [wrapAt(carol, 4)]: wrapBy(carol, 4) }),
    );
    await assertSucceeds(write(carol, serveBy(carol, 4)));
  });

  it('refuses to serve a member removed since, and a removed member serving', async () => {
    await seed({ ...world, [wrapAt(carol, 4)]: wrapBy(alice, 1) });
    await seed(membership(bob, null));
    await assertFails(write(alice, serveBy(alice, 1)));
    await assertFails(write(carol, serveBy(carol, 4)));
    await seed({ ...membership(bob, 'member'), ...membership(carol, null) });
    await assertFails(write(carol, serveBy(carol, 4)));
    await assertSucceeds(write(alice, serveBy(alice, 1)));
  });
});

// The relay for key waits (src/lib/firebase/encryption/wait-relay.ts): an asker still owed an
// epoch reads, on the group's instance, the waits, the roster and the admin, to hint the others
// who may hold it. A forged hint costs a look; these reads show nobody outside learns who is in.
describe("groupKeyWaits: the relay's reads", () => {
  const reads = [`groupKeyWaits/${groupId}`, `groupMembership/${groupId}`];
  const world = {
    ...groupWorld,
    ...devices,
    [`groupKeyWaits/${groupId}/${bob}/${epoch}`]: { of: alice },
  };

  it('lets a waiting member read the waits and the roster, and the admin and members too', async () => {
    await seed(world);
    for (const uid of [bob, carol, alice]) {
      for (const path of reads) await assertSucceeds(dbAs(uid).ref(path).once('value'));
    }
    await assertSucceeds(dbAs(bob).ref(`Mygroup/${groupId}/adminId`).once('value'));
  });

  it('refuses them to an invited person, a stranger, a removed member and visitors', async () => {
    await seed(world);
    await seed(membership(carol, null));
    for (const uid of [erin, dave, carol, null]) {
      for (const path of reads) await assertFails(dbAs(uid).ref(path).once('value'));
    }
  });
});
