import { describe, expect, it } from 'vitest';
import { dbRest, listAuthUsers } from '../../scripts/stack/admin';
import { demoWrites, seedIfEmpty } from '../../scripts/seed';
import { demoUsers } from '../../scripts/demo/users';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { adminGet, getBackend } from '../support/backend';
import { twoInstancesPerSuite } from '../support/two-instances';
import { cleanBackendPerTest, type Person } from './app-clients';

// The demo over two instances (scripts/demo/placement.ts), on the test backend.
const { signUp } = cleanBackendPerTest();
const instance1 = twoInstancesPerSuite();
const onInstance1 = (path: string) => dbRest(instance1(), 'GET', path);

/** Alice, Bob and Carol signed in; the demo written over two instances for them and the rest. */
async function demoOverTwo() {
  const people: Person[] = [await signUp('Alice'), await signUp('Bob'), await signUp('Carol')];
  const users = demoUsers.map((user, i) => ({
    ...user,
    uid: people[i]?.uid ?? `demo-${user.username}`,
  }));
  const parts = demoWrites(users, 2, Date.now());
  expect(parts).toHaveLength(2);
  await dbRest(instance1(), 'PATCH', '/', parts[1]);
  await dbRest(getBackend(), 'PATCH', '/', parts[0]);
  const [alice, bob, carol] = people as [Person, Person, Person];
  const conversationWith = async (a: Person, b: Person) =>
    String(await adminGet(`pairs/${pairKey(a.uid, b.uid)}`));
  const groups = (await adminGet('Mygroup')) as Record<string, { groupName: string }>;
  const photography = Object.keys(groups).find((g) => groups[g].groupName === 'Photography');
  return {
    alice,
    bob,
    carol,
    withBob: await conversationWith(alice, bob),
    withCarol: await conversationWith(alice, carol),
    photography: photography ?? '',
  };
}

/** The texts of the first non-empty latest page `person` sees of conversation `id`. */
const firstPage = (person: Person, id: string) =>
  new Promise<string[]>((resolve, reject) => {
    const stop = person.conversations.direct.subscribeLatest(
      { id, pageSize: 50 },
      (page) => {
        if (page.length === 0) return;
        stop();
        resolve(page.map((m) => m.text));
      },
      reject,
    );
  });

describe('the demo over two instances', () => {
  it('places Alice and Bob at home on 0, Carol on 1, and each conversation with its records on its creator’s home', async () => {
    const { alice, bob, carol, withBob, withCarol, photography } = await demoOverTwo();
    expect(await adminGet(`homes/${alice.uid}`)).toBe(0);
    expect(await adminGet(`homes/${bob.uid}`)).toBe(0);
    expect(await adminGet(`homes/${carol.uid}`)).toBe(1);
    expect(await adminGet(`placement/direct/${withBob}`)).toEqual({ instance: 0, state: 'live' });
    expect(await adminGet(`placement/direct/${withCarol}`)).toEqual({ instance: 1, state: 'live' });
    expect(await adminGet(`placement/group/${photography}`)).toEqual({
      instance: 1,
      state: 'live',
    });

    // Bob's conversation on the directory only; Carol's and her group's on instance 1 only.
    expect(await adminGet(`sendMessage/${withBob}`)).not.toBeNull();
    expect(await onInstance1(`sendMessage/${withBob}`)).toBeNull();
    expect(await adminGet(`sendMessage/${withCarol}`)).toBeNull();
    expect(await adminGet(`inbox/${alice.uid}/${withCarol}`)).toBeNull();
    expect(await onInstance1(`inbox/${alice.uid}/${withCarol}/unread`)).toBeGreaterThan(0);
    expect(await onInstance1(`reads/${withCarol}/${carol.uid}`)).not.toBeNull();
    expect(await adminGet(`groupMessages/${photography}`)).toBeNull();
    expect(await onInstance1(`groupMessages/${photography}`)).not.toBeNull();
    expect(await onInstance1(`groupInbox/${alice.uid}/${photography}`)).not.toBeNull();
    // Each person's own records on their home: Alice's prefs and draft on 0, Carol's pins on 1.
    expect(await adminGet(`inboxPrefs/${alice.uid}/pins`)).toEqual([`d:${withBob}`]);
    expect(await adminGet(`drafts/${alice.uid}/direct/${withCarol}`)).not.toBeNull();
    expect(await onInstance1(`inboxPrefs/${alice.uid}`)).toBeNull();
    expect(await onInstance1(`inboxPrefs/${carol.uid}/pins`)).toEqual([`d:${withCarol}`]);
    expect(await adminGet(`inboxPrefs/${carol.uid}`)).toBeNull();
    // What is not a conversation's stays on the directory (names are mirrored, e-mails not).
    expect(await onInstance1(`userPrivate`)).toBeNull();
    expect(await onInstance1(`notifications`)).toBeNull();
    expect(await adminGet(`notifications/${alice.uid}`)).not.toBeNull();
    expect(await adminGet(`friendList/${withCarol}`)).not.toBeNull();
  });

  it('lets Alice read and write both conversations, each on its own instance, once mirrored', async () => {
    const { alice, carol, withBob, withCarol } = await demoOverTwo();
    // The mirror process copies the friendship Carol's instance's rules read.
    await expect
      .poll(() => onInstance1(`placement/direct/${withCarol}`), { timeout: 15_000 })
      .not.toBeNull();
    expect(await firstPage(alice, withBob)).toContain('The blue one 🗺️');
    expect(await firstPage(alice, withCarol)).toContain('Sure! Coffee on Thursday?');

    const unreadBefore = Number(await onInstance1(`inbox/${carol.uid}/${withCarol}/unread`));
    const sent = alice.conversations.direct.send(
      {
        conversationId: withCarol,
        from: { uid: alice.uid, name: alice.username },
        to: { uid: carol.uid, name: carol.username },
      },
      'Thursday it is!',
    );
    await sent.acked;
    const stored = (await onInstance1(`sendMessage/${withCarol}/${sent.id}`)) as {
      message?: string;
    } | null;
    expect(stored?.message).toBe('Thursday it is!');
    expect(await adminGet(`sendMessage/${withCarol}/${sent.id}`)).toBeNull();
    expect(await onInstance1(`inbox/${carol.uid}/${withCarol}/unread`)).toBe(unreadBefore + 1);

    // Carol answers from her own client, on the same instance.
    const reply = carol.conversations.direct.send(
      {
        conversationId: withCarol,
        from: { uid: carol.uid, name: carol.username },
        to: { uid: alice.uid, name: alice.username },
      },
      'See you!',
    );
    await reply.acked;
    expect(await onInstance1(`inbox/${alice.uid}/${withCarol}/lastText`)).toBe('See you!');
  });

  it('is what npm start seeds: a directory holding only the configuration counts as empty', async () => {
    expect(await adminGet('config/instances/count')).toBe(2);
    expect(await seedIfEmpty(getBackend(), 2)).toEqual({ kind: 'seeded' });
    const accounts = await listAuthUsers(getBackend());
    const uidOf = (email: string) => accounts.find((a) => a.email === email)?.localId ?? '';
    const [alice, carol] = [uidOf('alice@example.com'), uidOf('carol@example.com')];
    expect(await adminGet(`homes/${carol}`)).toBe(1);
    const withCarol = String(await adminGet(`pairs/${pairKey(alice, carol)}`));
    expect(await onInstance1(`inbox/${alice}/${withCarol}/unread`)).toBeGreaterThan(0);
    expect(await adminGet(`sendMessage/${withCarol}`)).toBeNull();
    // The configuration is kept, and a second start keeps the data.
    expect(await onInstance1('config/self')).toBe(1);
    expect(await seedIfEmpty(getBackend(), 2)).toEqual({ kind: 'kept' });
  });
});
