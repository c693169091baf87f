import { describe, expect, it } from 'vitest';
import { groupChatShown, sendMessage } from '../../src/features/conversations';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { chatScreenEntered } from '../../src/features/conversations/timeline/conversations-slice';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { dbRest } from '../../scripts/stack/admin';
import { adminGet, adminUpdate } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';
import {
  connectionsOf,
  instance,
  instancesPerTest,
  reachesInstances,
} from './inbox-instances-steps';

// The relay for key waits (docs/scaling.md, "The relay for key waits"), four namespaces,
// encryption on: a group on instance 3, home of none of its three people (Alice 1, Bob 2, Carol
// the directory). Alice's epoch is owed to Bob, who had no device; her app is gone when Bob's
// first device asks, so the ask's hint to her wakes nobody. Carol's app, holding only her home,
// is woken by Bob's client once the ask is still owed after the relay's delay, and serves it.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(4);
const TEXT = 'the hut key is under the third stone';

const texts = (app: DeviceApp) =>
  selectConversationMessages(app.store.getState()).map((m) => m.text);

const groupShown = (app: DeviceApp, groupId: string) => {
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(groupChatShown(groupId));
};

describe('the relay for key waits', () => {
  it("serves a new device's ask by another member when the epoch's sender is gone", async () => {
    startMirroring();
    const [alice, bob] = await Promise.all(
      ['Alice', 'Bob'].map(async (name) => reachesInstances(await signUp(name))),
    );
    // Her slot closes after 2 s unused (the app's: 30 s), so that the test need not wait for it.
    const carol = reachesInstances(await signUp('Carol'), { idleMs: 2_000 });
    // Alice lives on 3 while she creates the group (placed on its creator's home), then moves.
    await adminUpdate({ [`homes/${alice.uid}`]: 3, [`homes/${bob.uid}`]: 2 });
    await befriend(alice, bob);
    await befriend(alice, carol);
    const groupId = await hikersThroughGateways(alice, [bob, carol]);
    expect(await adminGet(`placement/group/${groupId}`)).toEqual({ instance: 3, state: 'live' });
    await adminUpdate({ [`homes/${alice.uid}`]: 1, [`homes/${carol.uid}`]: 0 });
    await mirrorIdle();

    // Carol's device first (she is given Alice's epoch), her list only: the group stays
    // closed. Alice writes before Bob has any device: the epoch is owed to him on 3.
    const c = await deviceApp(carol, stopAfterTest);
    const a = await deviceApp(alice, stopAfterTest);
    groupShown(a, groupId);
    await eventually(
      () => expect(a.store.getState().memberships.rosters[groupId]).toBeDefined(),
      20_000,
    );
    await a.store.dispatch(sendMessage(TEXT)).unwrap();
    const owedToBob = async () =>
      Object.values(
        ((await dbRest(instance(3), 'GET', `groupKeyWaits/${groupId}/${bob.uid}`)) ?? {}) as Record<
          string,
          { of: string; asked?: number; served?: boolean }
        >,
      );
    expect(await owedToBob()).toEqual([{ of: alice.uid }]);
    const carolHolds = (await dbRest(
      instance(3),
      'GET',
      `groupKeys/${groupId}/${carol.uid}`,
    )) as Record<string, unknown> | null;
    expect(Object.keys(carolHolds ?? {})).toHaveLength(1);

    // Alice's app goes away (signed out): her devices will not look again.
    a.stop();
    await mirrorIdle();
    await eventually(
      () => expect(placementsOf(carol.client.db).openInstances()).not.toContain(3),
      20_000,
    );

    // Bob's first device asks; the group open on it, the message waits for its key.
    const b = await deviceApp(bob, stopAfterTest);
    groupShown(b, groupId);
    await expect
      .poll(owedToBob, { timeout: 20_000 })
      .toEqual([{ of: alice.uid, asked: expect.any(Number) }]);

    // Carol's app, woken on her home by Bob's relay, serves it; Bob's device opens the message.
    await expect
      .poll(owedToBob, { timeout: 40_000, interval: 500 })
      .toEqual([{ of: alice.uid, asked: expect.any(Number), served: true }]);
    await eventually(() => expect(texts(b)).toEqual([TEXT]), 20_000);
    const wraps = (await dbRest(instance(3), 'GET', `groupKeys/${groupId}/${bob.uid}`)) as Record<
      string,
      Record<string, { by: string }>
    >;
    expect(
      Object.values(wraps).flatMap((devices) => Object.values(devices).map((w) => w.by)),
    ).toEqual([carol.uid]);

    // Carol's app held her home alone, never instance 3 for the group, nor a fourth connection.
    const held = await connectionsOf(carol.uid);
    expect(held.length).toBeLessThanOrEqual(3);
    expect(held).toContain(instance(0).dbNamespace);
    expect(c.store.getState().encryption.status).toBe('ready');
  }, 150_000);
});
