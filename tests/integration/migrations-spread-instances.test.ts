import { beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../scripts/migrations/008-spread-instances';
import { emulatorDb } from '../../scripts/migrations/database';
import { partiesOf, recordsOf } from '../../scripts/rebalance/records';
import type { ConversationKey } from '../../src/lib/conversation-key';
import { chooseHome } from '../../src/lib/firebase/conversations/placement/shapes';
import { dbRest } from '../../scripts/stack/admin';
import { adminGet, adminUpdate, getBackend, resetBackend } from '../support/backend';
import { storedEntry, storedMessage } from '../rules/inbox-fixtures';
import { userRecord } from '../rules/rules-env';
import { instance1, onInstance1 } from './conversations-rebalance-steps';
import { expectNothingWithOneInstance } from './migrations-steps';

// Migration 008 (docs/migrations.md): single-instance data, then a second instance configured:
// homes by the app's rule, each conversation moved to its creator's home, nothing lost.
const directory = () => emulatorDb(getBackend());
const run = () => migrate(directory(), () => undefined);
const twoInstances = {
  count: 2,
  open: { 0: true, 1: true },
  urls: { 1: `https://${instance1().dbNamespace}.firebaseio.com` },
};
const homeOf = (uid: string) => chooseHome({ count: 2, open: [0, 1], urls: {} }, uid);

const [alice, bob, carol, dave] = ['alice-uid', 'bob-uid', 'carol-uid', 'dave-uid'];
const names = { [alice]: 'Alice', [bob]: 'Bob', [carol]: 'Carol', [dave]: 'Dave' };
const friendship = (from: string, to: string) => ({
  senderId: from,
  senderName: names[from],
  receiverId: to,
  receiverName: names[to],
  photo: '/default-avatar.svg',
});

/** A conversation `id` with `count` messages from `from`, unread by `to` (and what goes with it). */
function direct(id: string, from: string, to: string, count: number) {
  const messages = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`-Nm${id}${String(i)}`, storedMessage(from, to)]),
  );
  return {
    [`sendMessage/${id}`]: messages,
    [`inbox/${to}/${id}`]: storedEntry({ unread: count, lastSenderId: from }),
    [`inbox/${from}/${id}`]: storedEntry({ unread: 0, lastSenderId: from }),
    [`reads/${id}/${to}`]: { at: 1, messageId: `-Nm${id}0` },
    [`hiddenMessages/${to}/${id}/-Nm${id}0`]: true,
    [`conversationKeys/${id}/${to}/-Nepoch`]: 'wrapped',
    [`conversationKeyWaits/${id}/${to}/-Nepoch2`]: { of: from },
  };
}

function group(
  id: string,
  admin: string,
  members: string[],
  count: number,
): Record<string, unknown> {
  return {
    [`Mygroup/${id}`]: { adminId: admin, adminName: names[admin], groupName: id, groupTag: 'Up' },
    ...Object.fromEntries(
      members.flatMap((uid): [string, unknown][] => [
        [`groupMembership/${id}/${uid}`, { status: 'member', username: names[uid], at: 1 }],
        [`userGroups/${uid}/${id}`, 'member'],
        [`groupInbox/${uid}/${id}`, storedEntry({ unread: count, lastSenderId: admin })],
      ]),
    ),
    [`groupMessages/${id}`]: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`-Ng${id}${String(i)}`, storedMessage(admin, '')]),
    ),
    [`groupReads/${id}/${members[0] ?? ''}`]: { at: 1, messageId: `-Ng${id}0` },
  };
}

// The hash puts Alice and Dave on 1, Bob and Carol on 0 (checked below): some conversations
// move, some stay.
const conversations: { key: ConversationKey; creator: string }[] = [
  { key: 'd:-NfAB', creator: alice },
  { key: 'd:-NfBC', creator: bob },
  { key: 'd:-NbDC', creator: dave },
  { key: 'g:-NgA', creator: alice },
  { key: 'g:-NgC', creator: carol },
];
const singleInstanceData = {
  ...Object.fromEntries(Object.entries(names).map(([uid, n]) => [`users/${uid}`, userRecord(n)])),
  ...Object.fromEntries(Object.keys(names).map((uid) => [`homes/${uid}`, 0])),
  'friendList/-NfAB': friendship(alice, bob),
  'friendList/-NfBC': friendship(bob, carol),
  'block/-NbDC': { blockbyid: dave, blockbyName: 'Dave', blockid: carol, blockName: 'Carol' },
  ...direct('-NfAB', alice, bob, 5),
  ...direct('-NfBC', bob, carol, 3),
  ...direct('-NbDC', carol, dave, 2),
  ...group('-NgA', alice, [bob, carol], 4),
  ...group('-NgC', carol, [dave], 2),
  ...Object.fromEntries(
    ['-NfAB', '-NfBC', '-NbDC'].map((id) => [
      `placement/direct/${id}`,
      { instance: 0, state: 'live' },
    ]),
  ),
  'placement/group/-NgA': { instance: 0, state: 'live' },
  'placement/group/-NgC': { instance: 0, state: 'live' },
};

/** Every record of every conversation, as `get` reads them. */
async function recordsAt(
  get: (path: string) => Promise<unknown>,
  key: ConversationKey,
): Promise<Record<string, unknown>> {
  const paths = recordsOf(key, await partiesOf(directory(), key)).moved;
  return Object.fromEntries(
    await Promise.all(paths.map(async (p): Promise<[string, unknown]> => [p, await get(p)])),
  );
}

beforeEach(async () => {
  await resetBackend();
  await dbRest(instance1(), 'PUT', '/', { config: { self: 1 } });
  await adminUpdate(singleInstanceData);
});

describe('migration 008-spread-instances', () => {
  it('with one instance configured, or none, changes nothing', async () => {
    await expectNothingWithOneInstance(() => run());
  });

  it('with two: homes by the rule, conversations on their creators’ homes, nothing lost, then idempotent', async () => {
    expect([alice, bob, carol, dave].map(homeOf)).toEqual([1, 0, 0, 1]);
    const before = new Map<ConversationKey, Record<string, unknown>>();
    for (const { key } of conversations) before.set(key, await recordsAt(adminGet, key));
    await adminUpdate({ 'config/instances': twoInstances });

    // Two homes change, three conversations move.
    expect(await run()).toBe(5);

    expect(await adminGet('homes')).toEqual({ [alice]: 1, [bob]: 0, [carol]: 0, [dave]: 1 });
    for (const { key, creator } of conversations) {
      const home = homeOf(creator);
      const [kind, id] = [key.startsWith('g:') ? 'group' : 'direct', key.slice(2)];
      expect(await adminGet(`placement/${kind}/${id}`)).toEqual({ instance: home, state: 'live' });
      const there = await recordsAt(home === 1 ? onInstance1 : adminGet, key);
      // Every message, entry (its unread count), marker, hidden mark, key wrap and wait, as it was.
      expect(there).toEqual(before.get(key));
      if (home === 1) {
        const left = Object.values(await recordsAt(adminGet, key));
        expect(left.every((value) => value === null)).toBe(true);
        expect(await onInstance1(`placement/${kind}/${id}`)).toEqual({
          instance: 1,
          state: 'live',
        });
      } else {
        expect(
          await onInstance1(key.startsWith('g:') ? `groupMessages/${id}` : `sendMessage/${id}`),
        ).toBeNull();
      }
    }
    expect(await adminGet('moves')).toBeNull();

    const directoryAfter = JSON.stringify(await adminGet('/'));
    const instanceAfter = JSON.stringify(await onInstance1('/'));
    expect(await run()).toBe(0);
    expect(JSON.stringify(await adminGet('/'))).toBe(directoryAfter);
    expect(JSON.stringify(await onInstance1('/'))).toBe(instanceAfter);
  });
});
