import { goOffline } from 'firebase/database';
import { directKey } from '../../src/lib/conversation-key';
import { describe, expect, it } from 'vitest';
import type { ReadMarker } from '../../src/lib/firebase/inbox/entry';
import { makeInboxApi } from '../../src/lib/firebase/inbox/gateway';
import { TypingThrottle } from '../../src/lib/firebase/conversations/typing';
import { adminGet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

async function friends() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const { id: conversationId } = await befriend(alice, bob);
  const api = (person: Person) => makeInboxApi(person.client.db);
  return { alice, bob, conversationId, api };
}

describe('read markers and typing between two people', () => {
  it("shows the friend's read marker live, and none while their receipts are off", async () => {
    const { alice, bob, conversationId, api } = await friends();
    const sent = alice.conversations.direct.send(
      {
        conversationId,
        from: { uid: alice.uid, name: 'Alice' },
        to: { uid: bob.uid, name: 'Bob' },
      },
      'Seen?',
    );
    await sent.acked;
    const seen: { marker?: ReadMarker | null } = {};
    stopAfterTest(
      api(alice).subscribeReadMarker(
        conversationId,
        bob.uid,
        (marker) => (seen.marker = marker),
        () => undefined,
      ),
    );
    await eventually(() => expect(seen.marker).toBeNull());

    await api(bob).setReadReceipts(bob.uid, false);
    const receipts: boolean[] = [];
    stopAfterTest(
      api(bob).subscribeReadReceipts(
        bob.uid,
        (on) => receipts.push(on),
        () => undefined,
      ),
    );
    await eventually(() => expect(receipts.at(-1)).toBe(false));
    await api(bob).markRead(bob.uid, directKey(conversationId), sent.id, false);
    expect(await adminGet(`inbox/${bob.uid}/${conversationId}/unread`)).toBe(0);
    expect(await adminGet(`reads/${conversationId}/${bob.uid}`)).toBeNull();
    // Claiming receipts are on while they are off is refused by the server.
    await expect(
      api(bob).markRead(bob.uid, directKey(conversationId), sent.id, true),
    ).rejects.toThrow(/permission/i);

    await api(bob).setReadReceipts(bob.uid, true);
    await api(bob).markRead(bob.uid, directKey(conversationId), sent.id, true);
    await eventually(() => expect(seen.marker?.messageId).toBe(sent.id));
    expect(Math.abs((seen.marker?.at ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('shows typing, throttles it, and clears it on stop and on disconnect', async () => {
    const { alice, bob, conversationId, api } = await friends();
    const events: (number | null)[] = [];
    stopAfterTest(
      api(bob).subscribeTyping(
        conversationId,
        alice.uid,
        (at) => events.push(at),
        () => undefined,
      ),
    );
    // A long interval, so "within the interval" does not depend on this machine's speed.
    const alices = makeInboxApi(alice.client.db, undefined, new TypingThrottle(60_000));
    await alices.setTyping(conversationId, alice.uid, true);
    await eventually(() => expect(events.at(-1)).toEqual(expect.any(Number)));
    const first = events.at(-1);
    // Within the interval, more keystrokes write nothing.
    await alices.setTyping(conversationId, alice.uid, true);
    expect(await adminGet(`typing/${conversationId}/${alice.uid}`)).toBe(first);

    await alices.setTyping(conversationId, alice.uid, false);
    await eventually(() => expect(events.at(-1)).toBeNull());

    await alices.setTyping(conversationId, alice.uid, true);
    await eventually(() => expect(events.at(-1)).toEqual(expect.any(Number)));
    goOffline(alice.client.db);
    await eventually(() => expect(events.at(-1)).toBeNull());
  });

  it('tells whether this client is connected', async () => {
    const { alice, api } = await friends();
    const states: boolean[] = [];
    stopAfterTest(api(alice).subscribeConnected((connected) => states.push(connected)));
    await eventually(() => expect(states.at(-1)).toBe(true));
    goOffline(alice.client.db);
    await eventually(() => expect(states.at(-1)).toBe(false));
  });
});
