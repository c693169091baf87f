import { describe, expect, it } from 'vitest';
import { directKey } from '../../src/lib/conversation-key';
import { buildDemoData } from '../../scripts/demo/data';
import { demoUsers } from '../../scripts/demo/users';
import type { InboxEntry } from '../../src/lib/firebase/inbox/entry';
import { makeInboxApi } from '../../src/lib/firebase/inbox/gateway';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { adminGet, adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually, type Person } from './app-clients';

const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('the demo inbox', () => {
  it('gives Alice unread messages from two friends, in entries the rules accept', async () => {
    // Alice, Bob and Carol sign in; the other demo people only need their records.
    const people: Person[] = [await signUp('Alice'), await signUp('Bob'), await signUp('Carol')];
    const users = demoUsers.map((user, i) => ({
      ...user,
      uid: people[i]?.uid ?? `demo-${user.username}`,
    }));
    await adminUpdate(buildDemoData(users, Date.now()));
    const [alice, bob, carol] = people;

    let inbox: Record<string, InboxEntry> = {};
    const api = makeInboxApi(alice.client.db);
    stopAfterTest(
      api.subscribeInbox(
        alice.uid,
        (entries) => (inbox = entries),
        () => undefined,
      ),
    );
    // Three conversations with friends and, since the group inbox, Alice's two groups.
    await eventually(() => expect(Object.keys(inbox)).toHaveLength(5));
    const allGroups = (await adminGet('Mygroup')) as Record<string, unknown>;
    const groupIds = new Set(Object.keys(allGroups));
    const direct = Object.values(inbox).filter((entry) => entry.kind === 'direct');
    expect(Object.values(inbox).filter((entry) => groupIds.has(entry.conversationId))).toHaveLength(
      2,
    );
    const relWith = async (friend: Person) =>
      (await adminGet(`pairs/${pairKey(alice.uid, friend.uid)}`)) as string;
    const withBob = await relWith(bob);
    expect(inbox[directKey(withBob)]).toMatchObject({ unread: 2, lastSenderId: bob.uid });
    expect(inbox[directKey(await relWith(carol))]).toMatchObject({
      unread: 1,
      lastSenderId: carol.uid,
    });
    const ordered = direct.sort((a, b) => b.lastAt - a.lastAt);
    expect(ordered.map((entry) => entry.unread)).toEqual([2, 1, 0]);

    // Bob replies through the app's send: the seeded count goes up by one, so it was consistent.
    const conversationId = withBob;
    const reply = bob.conversations.direct.send(
      {
        conversationId,
        from: { uid: bob.uid, name: 'Bob' },
        to: { uid: alice.uid, name: 'Alice' },
      },
      'Did you see my message?',
    );
    await reply.acked;
    await eventually(() => expect(inbox[directKey(conversationId)].unread).toBe(3));
    await api.markRead(alice.uid, directKey(conversationId), reply.id, true);
    expect(await adminGet(`inbox/${alice.uid}/${conversationId}/unread`)).toBe(0);
  });
});
