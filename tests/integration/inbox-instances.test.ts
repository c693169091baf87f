import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { dbRest } from '../../scripts/stack/admin';
import { hikersThroughGateways } from '../support/hikers-group';
import { adminGet, adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import {
  connectionsOf,
  forgeHint,
  inboxOf as liveInboxOf,
  instance,
  instancesPerTest,
  parties,
  reachesInstances,
} from './inbox-instances-steps';

// Three instances on our emulator (docs/scaling.md, "Bounded connections"): the directory (the
// test namespace, instance 0, Bob's home) and instances 1 and 2 (their own namespaces), with
// the mirror and hint relay process between them. Alice lives on 1, Carol on 2: the friendships
// they ask for, and Carol's group, are placed on their homes, so Bob's conversations span all
// three, and his list must still show each one with its count.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(3);
const inboxOf = (person: Parameters<typeof liveInboxOf>[0]) => liveInboxOf(person, stopAfterTest);

/** Bob (home 0) with a friend on 1 (Alice), a friend on 2 (Carol) and Carol's group on 2. */
async function bobAcrossThreeInstances() {
  const [alice, bob, carol] = [await signUp('Alice'), await signUp('Bob'), await signUp('Carol')];
  for (const person of [alice, bob, carol]) reachesInstances(person);
  await adminUpdate({
    [`homes/${alice.uid}`]: 1,
    [`homes/${bob.uid}`]: 0,
    [`homes/${carol.uid}`]: 2,
  });
  startMirroring();
  const withAlice = (await befriend(alice, bob)).id;
  const withCarol = (await befriend(carol, bob)).id;
  const group = await hikersThroughGateways(carol, [bob]);
  await mirrorIdle();
  expect(await adminGet(`placement/direct/${withAlice}`)).toEqual({ instance: 1, state: 'live' });
  expect(await adminGet(`placement/direct/${withCarol}`)).toEqual({ instance: 2, state: 'live' });
  expect(await adminGet(`placement/group/${group}`)).toEqual({ instance: 2, state: 'live' });
  const inGroup = { groupId: group, from: { uid: carol.uid, name: 'Carol' }, to: [bob.uid] };
  return { alice, bob, carol, withAlice, withCarol, group, inGroup };
}

describe('one inbox over three instances, at most three connections', () => {
  it('shows every conversation with its count from its own instance, then news by hints', async () => {
    const { alice, bob, carol, withAlice, withCarol, group, inGroup } =
      await bobAcrossThreeInstances();
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'one').acked;
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'two').acked;
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'hi').acked;
    await carol.conversations.group.send(inGroup, 'Saturday?').acked;
    // Stored on their instances only: nothing of them on Bob's home.
    expect(await dbRest(instance(1), 'GET', `inbox/${bob.uid}/${withAlice}/unread`)).toBe(2);
    expect(await adminGet(`inbox/${bob.uid}`)).toBeNull();

    // Signing in: each other instance looked at once.
    const inbox = inboxOf(bob);
    const all = { [`d:${withAlice}`]: 2, [`d:${withCarol}`]: 1, [`g:${group}`]: 1 };
    await eventually(() => expect(inbox.counts()).toEqual(all), 15_000);

    // A new message on instance 2, 1:1 and in the group: the sender's hint, the relay's hint.
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'there?').acked;
    await eventually(() => expect(inbox.counts()[`d:${withCarol}`]).toBe(2), 10_000);
    await carol.conversations.group.send(inGroup, 'at 8').acked;
    await eventually(() => expect(inbox.counts()[`g:${group}`]).toBe(2), 10_000);
    // And on instance 1.
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'three').acked;
    await eventually(() => expect(inbox.counts()[`d:${withAlice}`]).toBe(3), 10_000);
    // Consumed hints are deleted.
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).toBeNull();
  }, 90_000);

  it('a forged hint costs a look and changes nothing', async () => {
    const { alice, bob, carol, withAlice, group } = await bobAcrossThreeInstances();
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'one').acked;
    // A conversation Bob has no part in, on instance 1.
    const { id: aliceCarol } = await befriend(alice, carol);
    await mirrorIdle();
    await alice.conversations.direct.send(parties(aliceCarol, alice, carol), 'psst').acked;
    const inbox = inboxOf(bob);
    const shown = { [`d:${withAlice}`]: 1 };
    await eventually(() => expect(inbox.counts()).toEqual(shown), 15_000);

    // Carol forges news for Bob: of his group with no message (on 2), of her conversation with
    // Alice (on 1), of his conversation with Alice (on 1), of none at all. Each of the first
    // three costs a look at its instance (the slot moves there), none a count.
    const slotAt = async (key: string, instances: number[]) => {
      await forgeHint(carol, bob.uid, key);
      await expect
        .poll(() => placementsOf(bob.client.db).openInstances(), { timeout: 10_000 })
        .toEqual(instances);
    };
    await slotAt(`g:${group}`, [0, 2]);
    await slotAt(`d:${aliceCarol}`, [0, 1]);
    await slotAt(`g:${group}`, [0, 2]);
    await slotAt(`d:${withAlice}`, [0, 1]);
    // Unknown everywhere: one placement read, none found, dropped without a look.
    await forgeHint(carol, bob.uid, 'd:-NoSuchThing');
    // Each is consumed (looked at), and the list is as it was: no count from a hint.
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(inbox.counts()).toEqual(shown);
    expect(placementsOf(bob.client.db).openInstances()).toEqual([0, 1]);
  }, 90_000);

  it('a lost hint delays a count only until the next reconnect, which looks again', async () => {
    const { bob, carol, withCarol } = await bobAcrossThreeInstances();
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'hi').acked;
    // Its hint dropped too, so that only the sign-in's look (a read, no listener) knows of it.
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).not.toBeNull();
    await adminUpdate({ [`hints/${bob.uid}`]: null });
    const inbox = inboxOf(bob);
    await eventually(() => expect(inbox.counts()).toEqual({ [`d:${withCarol}`]: 1 }), 15_000);

    // Bob's home connection drops; Carol's next message and its hint land meanwhile, and the
    // hint is lost (deleted before Bob is back).
    goOffline(bob.client.db);
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'still there?').acked;
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).not.toBeNull();
    await adminUpdate({ [`hints/${bob.uid}`]: null });
    expect(inbox.counts()[`d:${withCarol}`]).toBe(1);
    goOnline(bob.client.db);
    await eventually(() => expect(inbox.counts()[`d:${withCarol}`]).toBe(2), 15_000);
  }, 90_000);

  it('holds at most three connections while his conversations span three instances', async () => {
    const { alice, bob, carol, withAlice, withCarol, group, inGroup } =
      await bobAcrossThreeInstances();
    await carol.conversations.group.send(inGroup, 'Saturday?').acked;
    const inbox = inboxOf(bob);
    await eventually(() => expect(inbox.counts()[`g:${group}`]).toBe(1), 15_000);
    // Bob opens his conversation with Alice (instance 1): its messages, live.
    const stopOpen = bob.conversations.direct.subscribeLatest(
      { id: withAlice, pageSize: 20 },
      () => undefined,
      () => undefined,
    );
    stopAfterTest(stopOpen);
    // News from 2 and from 1 while it is open: home, the open conversation's, the slot.
    for (const text of ['a', 'b', 'c']) {
      await carol.conversations.direct.send(parties(withCarol, carol, bob), text).acked;
      await alice.conversations.direct.send(parties(withAlice, alice, bob), text).acked;
    }
    await eventually(() => expect(inbox.counts()[`d:${withCarol}`]).toBe(3), 10_000);
    await eventually(() => expect(inbox.counts()[`d:${withAlice}`]).toBe(3), 10_000);
    const held = await connectionsOf(bob.uid);
    expect(held.length).toBeLessThanOrEqual(3);
    expect(new Set(held)).toEqual(
      new Set([instance(0).dbNamespace, instance(1).dbNamespace, instance(2).dbNamespace]),
    );
    expect(placementsOf(bob.client.db).openInstances()).toEqual([0, 1, 2]);

    // The conversation closed, a look at 1 takes the slot from 2: two connections.
    stopOpen();
    await forgeHint(carol, bob.uid, `d:${withAlice}`);
    const home = instance(0).dbNamespace;
    await expect
      .poll(async () => (await connectionsOf(bob.uid)).sort(), { timeout: 10_000 })
      .toEqual([home, instance(1).dbNamespace].sort());
    expect(placementsOf(bob.client.db).openInstances()).toEqual([0, 1]);
  }, 90_000);

  it('with one instance, reads and holds nothing more than the home', async () => {
    await adminUpdate({ 'config/instances': null });
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    reachesInstances(bob);
    const { id } = await befriend(alice, bob);
    await alice.conversations.direct.send(parties(id, alice, bob), 'hi').acked;
    const inbox = inboxOf(bob);
    await eventually(() => expect(inbox.counts()).toEqual({ [`d:${id}`]: 1 }));
    expect(await connectionsOf(bob.uid)).toEqual([instance(0).dbNamespace]);
    expect(placementsOf(bob.client.db).openInstances()).toEqual([0]);
  });
});
