import { beforeEach, describe, expect, inject, it } from 'vitest';
import { dbRest } from '../../scripts/stack/admin';
import { instanceTarget } from '../../scripts/stack/instances';
import { demoUsers } from '../../scripts/demo/users';
import { seedDemo } from '../e2e/app-home-steps';
import { adminGet, getBackend, resetBackend } from '../support/backend';
import { aliceAndBobRecords, hikersGroupRecords } from '../support/conversation-steps';

// The browser suites' admin fixtures place their people's conversations over two instances
// (issue #43 part 1; tests/support/side-conversations.ts), read back here per namespace.

const at = (n: number, path: string) => dbRest(instanceTarget(getBackend(), n), 'GET', path);
const keys = (value: unknown) =>
  typeof value === 'object' && value !== null ? Object.keys(value) : [];

/** The instances holding inbox or group inbox entries of `uid`, by admin REST per namespace. */
async function entriesOn(uid: string): Promise<number[]> {
  const found: number[] = [];
  for (let n = 0; n < getBackend().instances; n++) {
    const [direct, group] = await Promise.all([at(n, `inbox/${uid}`), at(n, `groupInbox/${uid}`)]);
    if (keys(direct).length + keys(group).length > 0) found.push(n);
  }
  return found;
}

/** The friendships naming `uid` on the directory, each with the instance it is placed on. */
async function friendshipsOf(uid: string): Promise<Map<string, number>> {
  const all = ((await adminGet('friendList')) ?? {}) as Record<
    string,
    { senderId: string; receiverId: string }
  >;
  const placed = new Map<string, number>();
  for (const [id, record] of Object.entries(all)) {
    if (record.senderId !== uid && record.receiverId !== uid) continue;
    const placement = (await adminGet(`placement/direct/${id}`)) as { instance: number } | null;
    placed.set(id, placement?.instance ?? 0);
  }
  return placed;
}

/**
 * `uid`'s conversation placed on instance 1 is there whole, as the app reads it: its unread
 * entry and message on 1 with the mirrored placement and friendship the rules check, and none
 * of it on the directory.
 */
async function hasSideOnInstance1(uid: string): Promise<void> {
  const away = [...(await friendshipsOf(uid))].filter(([, n]) => n === 1).map(([id]) => id);
  expect(away).toHaveLength(1);
  const [id = ''] = away;
  expect(await at(1, `inbox/${uid}/${id}/unread`)).toBe(1);
  expect(keys(await at(1, `sendMessage/${id}`))).toHaveLength(1);
  expect(await at(1, `placement/direct/${id}`)).toEqual({ instance: 1, state: 'live' });
  expect(await at(1, `friendList/${id}`)).toEqual(await adminGet(`friendList/${id}`));
  expect(await adminGet(`sendMessage/${id}`)).toBeNull();
  expect(await adminGet(`inbox/${uid}/${id}`)).toBeNull();
  const friendship = (await adminGet(`friendList/${id}`)) as { senderId: string };
  expect(await adminGet(`homes/${friendship.senderId}`)).toBe(1);
}

describe.skipIf(inject('backend').instances < 2)('the browser suites’ fixtures', () => {
  beforeEach(() => resetBackend());

  it('aliceAndBob: their conversation on the directory, each with another on instance 1', async () => {
    const conversationId = '-NfixturesAliceBob01';
    const { alice, bob } = await aliceAndBobRecords(conversationId);
    for (const person of [alice, bob]) {
      expect((await friendshipsOf(person.uid)).get(conversationId)).toBe(0);
      await hasSideOnInstance1(person.uid);
      expect(await entriesOn(person.uid)).toEqual([1]);
    }
    // Each has a side conversation of their own, not one shared.
    const sides = async (uid: string) =>
      [...(await friendshipsOf(uid)).keys()].filter((id) => id !== conversationId);
    expect(await sides(alice.uid)).not.toEqual(await sides(bob.uid));
  });

  it('hikersGroup: the group on the directory, each member with a conversation on instance 1', async () => {
    const groupId = '-NfixturesHikers0001';
    const { alice, bob } = await hikersGroupRecords(groupId);
    expect(await adminGet(`Mygroup/${groupId}/adminId`)).toBe(alice.uid);
    expect(await adminGet(`placement/group/${groupId}`)).toBeNull();
    expect(await adminGet(`groupMembership/${groupId}/${bob.uid}/status`)).toBe('member');
    for (const person of [alice, bob]) await hasSideOnInstance1(person.uid);
  });

  it('seedDemo: every person of a demo conversation has entries on both instances', async () => {
    await seedDemo();
    const users = (await adminGet('users')) as Record<string, { username: string }>;
    const uidOf = (name: string) =>
      Object.keys(users).find((uid) => users[uid].username === name) ?? '';
    // Alice and Bob are whom the suites sign in as; Carol is at home on 1; Erin's one demo
    // conversation is on the directory, so hers on 1 is the fixture's.
    for (const name of ['Alice', 'Bob', 'Carol', 'Erin']) {
      expect(await entriesOn(uidOf(name)), name).toEqual([0, 1]);
    }
    for (const { username } of demoUsers) {
      const on = await entriesOn(uidOf(username));
      if (on.length > 0) expect(on, username).toEqual([0, 1]);
    }
    expect(await adminGet(`homes/${uidOf('Carol')}`)).toBe(1);
    // Every placement away from the directory is mirrored there (the rules read it there).
    const placed = (await adminGet('placement/direct')) as Record<string, { instance: number }>;
    for (const [id, placement] of Object.entries(placed)) {
      if (placement.instance === 1) expect(await at(1, `placement/direct/${id}`)).not.toBeNull();
    }
  });
});
