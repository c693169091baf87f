import { serverTimestamp } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { overRest } from '../../src/lib/firebase/conversations/placement/slot-access';
import { databaseRestUrl, signedInRest } from '../../src/lib/firebase/database-rest';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { befriend, eventually, type Person } from './app-clients';
import { expectNeverAFourth, fourInstancesPerTest } from './inbox-fourth-instance-steps';
import {
  connectionsOf,
  holdThreeOpen,
  inboxOf,
  instance,
  parties,
  sampleConnections,
  urlOf,
} from './inbox-instances-steps';

// Never more than three connections, even when the home is not the directory (docs/scaling.md,
// "Bounded connections"): four namespaces; Bob lives on instance 1, his conversation with
// Alice is on 2 and with Dave on the directory (0), both open, with Carol on 3. Kept (home) and
// held (2, and the directory by Dave's conversation) take all three, so news from 3 is looked
// at over REST, never by a fourth connection. (With one conversation open, the directory is in
// the slot and gives way: directory-in-slot.test.ts.)
const { stopAfterTest, peopleAt, askedBy, mirrorIdle } = fourInstancesPerTest();

/** `writer`'s hint for `uid` on instance `home`, over REST as any signed-in person may. */
function hintAs(writer: Person, home: number, uid: string, key: string) {
  const [host = '127.0.0.1', port] = getBackend().dbHost.split(':');
  const rest = signedInRest(
    databaseRestUrl(urlOf(home), { host, port: Number(port) }),
    writer.client.auth,
  );
  return overRest(rest).write(`hints/${uid}/${key}`, { at: serverTimestamp() });
}

describe('at most three connections with the home away from the directory', () => {
  it('brings news from a fourth instance over REST, a forged hint costing a look only', async () => {
    const [alice, bob, carol, dave] = await peopleAt({ Alice: 2, Bob: 1, Carol: 3, Dave: null });
    const [withAlice, withCarol, withDave] = await askedBy(bob, [alice, carol, dave]);
    const aliceCarol = (await befriend(alice, carol)).id;
    await mirrorIdle();
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'hi').acked;
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'one').acked;

    // Bob signs in (his list looks at 2 and 3) and opens his conversations with Alice and Dave.
    const sampler = sampleConnections(bob.uid);
    const inbox = inboxOf(bob, stopAfterTest);
    const carolKey = `d:${withCarol}`;
    await eventually(
      () => expect(inbox.counts()).toEqual({ [`d:${withAlice}`]: 1, [carolKey]: 1 }),
      15_000,
    );
    const three = await holdThreeOpen(bob, [withAlice, withDave], stopAfterTest);
    const held = sampler.samples.length;

    // News on 3: Carol's hint on Bob's home, a look at 3 over REST for each.
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'two').acked;
    await eventually(() => expect(inbox.counts()[carolKey]).toBe(2), 10_000);
    await carol.conversations.direct.send(parties(withCarol, carol, bob), 'three').acked;
    await eventually(() => expect(inbox.counts()[carolKey]).toBe(3), 10_000);

    // The entry changes with no hint (as after a message whose hint was lost): with no
    // connection to 3 and no listener there, the count stays.
    const hints = () => dbRest(instance(1), 'GET', `hints/${bob.uid}`);
    await expect.poll(hints, { timeout: 10_000 }).toBeNull();
    await dbRest(instance(3), 'PATCH', '/', { [`inbox/${bob.uid}/${withCarol}/unread`]: 5 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(inbox.counts()[carolKey]).toBe(3);
    // Alice forges news of it: the look reads the stored entry (5), nothing from the hint.
    await hintAs(alice, 1, bob.uid, carolKey);
    await eventually(() => expect(inbox.counts()[carolKey]).toBe(5), 10_000);
    // Of a conversation Bob is no party to, and of none: consumed, nothing shown.
    await hintAs(alice, 1, bob.uid, `d:${aliceCarol}`);
    await hintAs(alice, 1, bob.uid, 'd:-NoSuchThing');
    await expect.poll(hints, { timeout: 10_000 }).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(inbox.counts()).toEqual({ [`d:${withAlice}`]: 1, [carolKey]: 5 });

    // Never more than three of Bob's, and never instance 3 once the conversation was open.
    await expectNeverAFourth(sampler, held, bob);
    expect((await connectionsOf(bob.uid)).sort()).toEqual(three);
  }, 120_000);
});
