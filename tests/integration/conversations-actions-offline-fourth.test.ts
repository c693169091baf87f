import { goOffline, goOnline } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { dbRest } from '../../scripts/stack/admin';
import { fourInstancesPerTest } from './inbox-fourth-instance-steps';
import { holdThreeOpen, instance, parties, within } from './inbox-instances-steps';

// Offline actions on a conversation that is not open, the three connections taken
// (docs/scaling.md, "Bounded connections"): they go over REST, and are held as the SDK holds a
// write made offline on a connection: until the home's connection returns, then stored once.
// Bob lives on 1, his conversations with Alice on 2 and with Dave on the directory (0) are
// open, with Carol on 3. Offline is every Database of his switched off (as the other offline
// tests do) and his REST requests cut by the network, as a browser's are.
const { stopAfterTest, peopleAt, askedBy } = fourInstancesPerTest();
const on3 = (path: string) => dbRest(instance(3), 'GET', path);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Requests carrying `token` fail as fetch does with no network; everyone else's go. */
function cutRequestsOf(token: string) {
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(token)) return Promise.reject(new TypeError('fetch failed'));
    return realFetch(input, init);
  };
}

describe('offline actions on a conversation on a fourth instance', () => {
  it('are held while offline and stored once when back, never refused', async () => {
    const [alice, bob, carol, dave] = await peopleAt({ Alice: 2, Bob: 1, Carol: 3, Dave: null });
    const [withAlice, withCarol, withDave] = await askedBy(bob, [alice, carol, dave]);
    const fromCarol = carol.conversations.direct.send(parties(withCarol, carol, bob), 'lunch?');
    await fromCarol.acked;

    const placements = placementsOf(bob.client.db);
    await placements.homeOfNow(bob.uid);
    await holdThreeOpen(bob, [withAlice, withDave], stopAfterTest);
    const direct = bob.conversations.direct;
    const toCarol = parties(withCarol, bob, carol);
    const lunch = await within(direct.fetchOne(withCarol, fromCarol.id), 15_000);
    const mine = direct.send(toCarol, 'yes, at 1');
    await within(mine.acked, 15_000);
    const sentMine = await direct.fetchOne(withCarol, mine.id);
    if (!lunch || !sentMine) throw new Error('both messages are stored');

    // Offline: every connection of Bob's switched off, his requests cut.
    const databases = await Promise.all([0, 1, 2].map((n) => placements.databaseFor(n)));
    const token = await bob.client.auth.currentUser?.getIdToken();
    if (!token) throw new Error('Bob is signed in');
    cutRequestsOf(token);
    for (const db of databases) goOffline(db);
    const failures: unknown[] = [];
    const settled: string[] = [];
    const track = (name: string, action: Promise<unknown>) =>
      action.then(
        () => settled.push(name),
        (error: unknown) => failures.push(error),
      );
    const actions = [
      track('react', direct.react(toCarol, lunch, '👍', true)),
      track('hide', direct.hide(bob.uid, withCarol, fromCarol.id)),
      track('edit', direct.edit(toCarol, sentMine, 'yes, at 2', true)),
    ];

    // Held, not refused, and nothing stored while offline.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(failures).toEqual([]);
    expect(settled).toEqual([]);
    expect(await on3(`sendMessage/${withCarol}/${fromCarol.id}/reactions`)).toBeNull();
    expect(await on3(`hiddenMessages/${bob.uid}/${withCarol}`)).toBeNull();
    expect(await on3(`sendMessage/${withCarol}/${mine.id}/message`)).toBe('yes, at 1');

    // Back online: each goes once.
    globalThis.fetch = realFetch;
    for (const db of databases) goOnline(db);
    await within(Promise.all(actions), 15_000);
    expect(failures).toEqual([]);
    expect(settled.sort()).toEqual(['edit', 'hide', 'react']);
    expect(await on3(`sendMessage/${withCarol}/${fromCarol.id}/reactions`)).toEqual({
      '👍': { [bob.uid]: expect.anything() as unknown },
    });
    expect(await on3(`hiddenMessages/${bob.uid}/${withCarol}`)).toEqual({ [fromCarol.id]: true });
    expect(await on3(`sendMessage/${withCarol}/${mine.id}/message`)).toBe('yes, at 2');
    expect(await on3(`inbox/${carol.uid}/${withCarol}/lastText`)).toBe('yes, at 2');
    expect(placements.openInstances()).toEqual([0, 1, 2]);
  }, 120_000);
});
