import { goOffline, goOnline } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/conversations';
import { directKey } from '../../src/lib/conversation-key';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { dbRest } from '../../scripts/stack/admin';
import { adminGet, adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';
import {
  connectionsOf,
  instance,
  instancesPerTest,
  reachesInstances,
} from './inbox-instances-steps';

// Encryption on, Bob's conversations on three instances besides his home (the directory):
// his app follows each conversation's key waits within the three connections (docs/scaling.md,
// "Bounded connections"), live only where a connection is open anyway, else read at each look,
// and a late wrap still goes both ways, each side woken by a hint on the other's home.
const { signUp, stopAfterTest } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(4);

const previewOf = (app: DeviceApp, conversationId: string) =>
  app.store.getState().inbox.entries[directKey(conversationId)]?.lastText;

describe('key waits within at most three connections', () => {
  it('a late wrap reaches Bob and Bob serves one, his conversations on three other instances', async () => {
    startMirroring();
    const [alice, bob, carol, dave] = await Promise.all(
      ['Alice', 'Bob', 'Carol', 'Dave'].map(async (name) => reachesInstances(await signUp(name))),
    );
    await adminUpdate({
      [`homes/${bob.uid}`]: 0,
      [`homes/${alice.uid}`]: 1,
      [`homes/${carol.uid}`]: 2,
      [`homes/${dave.uid}`]: 3,
    });
    // Each asks, so each conversation is placed on the asker's home.
    const withAlice = (await befriend(alice, bob)).id;
    const withCarol = (await befriend(carol, bob)).id;
    await befriend(dave, bob);
    await mirrorIdle();

    // Alice writes before Bob has any device: the epoch is owed to him, on instance 1.
    const a = await deviceApp(alice, stopAfterTest);
    a.openChatWith(bob);
    await a.store.dispatch(sendMessage('the gate code is 4711')).unwrap();
    expect(
      await dbRest(instance(1), 'GET', `conversationKeyWaits/${withAlice}/${bob.uid}`),
    ).not.toBeNull();

    // Its hint dropped: only the sign-in's look tells Bob's app of the wait.
    await expect.poll(() => adminGet(`hints/${bob.uid}`), { timeout: 10_000 }).not.toBeNull();
    await adminUpdate({ [`hints/${bob.uid}`]: null });

    // Bob's first device reads the wait at its sign-in look and asks, while Alice's app is
    // offline; back, her app (her home is the conversation's instance) serves it, and Bob's list
    // opens the preview without his holding instance 1.
    const aliceHome = await placementsOf(alice.client.db).databaseFor(1);
    goOffline(aliceHome);
    const b = await deviceApp(bob, stopAfterTest);
    const owedToBob = async () =>
      Object.values(
        ((await dbRest(instance(1), 'GET', `conversationKeyWaits/${withAlice}/${bob.uid}`)) ??
          {}) as Record<string, unknown>,
      );
    await expect
      .poll(owedToBob, { timeout: 20_000 })
      .toEqual([{ of: alice.uid, asked: expect.any(Number) }]);
    // Nothing opens it before Alice's app serves it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(previewOf(b, withAlice)).not.toBe('the gate code is 4711');
    goOnline(aliceHome);
    await eventually(() => expect(previewOf(b, withAlice)).toBe('the gate code is 4711'), 30_000);
    const held = await connectionsOf(bob.uid);
    expect(held.length).toBeLessThanOrEqual(3);

    // Bob writes to Carol, who has no device yet, then opens his chat with Dave (instance 3).
    b.openChatWith(carol);
    await b.store.dispatch(sendMessage('bring the map')).unwrap();
    b.openChatWith(dave);
    // Carol's first device asks on her home (instance 2) and wakes Bob by a hint: his app,
    // holding only his home and Dave's instance, looks at 2, serves, and her list opens it.
    const c = await deviceApp(carol, stopAfterTest);
    await eventually(() => expect(previewOf(c, withCarol)).toBe('bring the map'), 30_000);

    // At most three connections of Bob's on the server: never all four namespaces.
    const namespaces = [0, 1, 2, 3].map((n) => instance(n).dbNamespace);
    const now = await connectionsOf(bob.uid);
    expect(now.length).toBeLessThanOrEqual(3);
    expect(now).toContain(namespaces[0]);
    expect(now).toContain(namespaces[3]);
    expect(now).not.toContain(namespaces[1]);
    expect(placementsOf(bob.client.db).openInstances()).not.toContain(1);
  }, 150_000);
});
