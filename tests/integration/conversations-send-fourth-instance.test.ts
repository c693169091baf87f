import { describe, expect, it } from 'vitest';
import { dbRest } from '../../scripts/stack/admin';
import { befriend, eventually } from './app-clients';
import { expectNeverAFourth, fourInstancesPerTest } from './inbox-fourth-instance-steps';
import {
  holdThreeOpen,
  inboxOf,
  instance,
  parties,
  sampleConnections,
  within,
} from './inbox-instances-steps';

// Nothing waits for a fourth connection (docs/scaling.md, "Bounded connections"): four
// namespaces; Bob lives on instance 1, his conversations with Alice on 2 and with Dave on the
// directory (0) are open, with Carol on 3. Kept (home) and held (2, 0) take all three (with one
// open, the directory is in the slot and gives way), so a forward to Carol, and the
// outbox's retry of it, go to 3 as one REST update each, never by a fourth connection; so
// does a send that first waits for its conversation's mirror there.
const { stopAfterTest, peopleAt, askedBy, startMirroring, stopMirroring } = fourInstancesPerTest();

const messagesOn = async (n: number, conversationId: string) =>
  Object.values(
    ((await dbRest(instance(n), 'GET', `sendMessage/${conversationId}`)) ?? {}) as Record<
      string,
      { message?: string; forwarded?: boolean }
    >,
  );

describe('a send to a conversation on a fourth instance', () => {
  it('goes over REST once with three connections taken, its retry and its mirror wait too', async () => {
    const homes = { Alice: 2, Bob: 1, Carol: 3, Erin: 3, Dave: null };
    const [alice, bob, carol, erin, dave] = await peopleAt(homes);
    const [withAlice, withCarol, withDave] = await askedBy(bob, [alice, carol, dave]);
    await alice.conversations.direct.send(parties(withAlice, alice, bob), 'see you at 8').acked;

    // Bob signs in (his list listens on his home, looks at 2 and 3) and opens his
    // conversations with Alice and Dave.
    const sampler = sampleConnections(bob.uid);
    const inbox = inboxOf(bob, stopAfterTest);
    await eventually(() => expect(inbox.counts()).toEqual({ [`d:${withAlice}`]: 1 }), 15_000);
    await holdThreeOpen(bob, [withAlice, withDave], stopAfterTest);
    const held = sampler.samples.length;

    // He forwards Alice's message to Carol, whose conversation is not open.
    const toCarol = parties(withCarol, bob, carol);
    const forwarded = { forwarded: true as const };
    const sent = bob.conversations.direct.send(toCarol, 'see you at 8', undefined, forwarded);
    await within(sent.acked, 15_000);
    const stored = { message: 'see you at 8', forwarded: true };
    expect(await messagesOn(3, withCarol)).toEqual([expect.objectContaining(stored)]);
    expect(await dbRest(instance(3), 'GET', `inbox/${carol.uid}/${withCarol}/unread`)).toBe(1);

    // The outbox's retry of it (the same id, the conversation still not open): it looks
    // first, over REST too, and writes nothing again.
    const again = bob.conversations.direct.send(toCarol, 'see you at 8', sent.id, forwarded);
    await within(again.acked, 15_000);
    expect(await messagesOn(3, withCarol)).toEqual([expect.objectContaining(stored)]);
    expect(await dbRest(instance(3), 'GET', `inbox/${carol.uid}/${withCarol}/unread`)).toBe(1);
    for (const n of [0, 1, 2]) expect(await messagesOn(n, withCarol)).toEqual([]);

    // A new friend on 3 and a send before the conversation's mirror landed there: refused, it
    // waits for the mirror by polling through the slot (REST now), then goes once.
    stopMirroring();
    const withErin = (await befriend(erin, bob)).id;
    const toErin = bob.conversations.direct.send(parties(withErin, bob, erin), 'welcome');
    const settled = { done: false };
    void toErin.acked.finally(() => (settled.done = true));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(settled.done).toBe(false);
    expect(await messagesOn(3, withErin)).toEqual([]);
    startMirroring();
    await within(toErin.acked, 15_000);
    expect(await messagesOn(3, withErin)).toEqual([
      expect.objectContaining({ message: 'welcome' }),
    ]);

    // Never more than three of Bob's, and never instance 3 once the conversation was open.
    await expectNeverAFourth(sampler, held, bob);
  }, 120_000);
});
