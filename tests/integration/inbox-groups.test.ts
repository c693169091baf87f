import { describe, expect, it } from 'vitest';
import { groupKey } from '../../src/lib/conversation-key';
import { leaveGroup } from '../../src/features/groups/groups-thunks';
import {
  selectMyLatestMessage,
  selectSeenBy,
} from '../../src/features/conversations/receipts/conversations-receipts-selectors';
import { chatShownChanged } from '../../src/features/conversations/receipts/conversations-receipts-slice';
import { selectTotalUnread } from '../../src/features/inbox/inbox-selectors';
import {
  chatScreenEntered,
  groupChatShown,
} from '../../src/features/conversations/timeline/conversations-slice';
import {
  befriend,
  cleanBackendPerTest,
  eventually,
  hikersThroughApps,
  storeFor,
  type Person,
} from './app-clients';
import { sendInGroup } from './conversations-group-sending';

// The group inbox with three people (admin Alice, members Bob and Carol).
const { signUp, stopAfterTest } = cleanBackendPerTest();
type App = ReturnType<typeof storeFor>;
const entryOf = (app: App, groupId: string) =>
  app.store.getState().inbox.entries[groupKey(groupId)];

async function threeInAGroup() {
  const [alice, bob, carol] = [await signUp('Alice'), await signUp('Bob'), await signUp('Carol')];
  await befriend(alice, bob);
  await befriend(alice, carol);
  const [a, b, c] = [alice, bob, carol].map((p) => storeFor(p));
  stopAfterTest(a.stop, b.stop, c.stop);
  await Promise.all([a.ready(), b.ready(), c.ready()]);
  const groupId = await hikersThroughApps(a, [
    [bob, b],
    [carol, c],
  ]);
  // Everyone's roster says both are members before anyone sends (a send counts for the roster
  // its app knows).
  for (const app of [a, b, c]) {
    await eventually(() =>
      expect(app.store.getState().memberships.rosters[groupId]?.map((m) => m.status)).toEqual([
        'member',
        'member',
      ]),
    );
  }
  return { alice, bob, carol, a, b, c, groupId };
}

/** `app` with the messages screen on and group `groupId` shown, as its chat panel does. */
function openGroup(app: App, groupId: string) {
  app.store.dispatch(chatScreenEntered());
  app.store.dispatch(groupChatShown(groupId));
  app.store.dispatch(chatShownChanged(true));
}

describe('the group inbox through the app stores (real gateways, emulators)', () => {
  it("counts a message for every other member, clears on opening, and the sender sees 'Seen by'", async () => {
    const { bob, a, b, c, groupId } = await threeInAGroup();
    openGroup(b, groupId);
    await sendInGroup(b, groupId, 'Who is in for Saturday?');
    const summary = {
      unread: 1,
      lastSenderId: bob.uid,
      lastText: 'Who is in for Saturday?',
      lastKind: 'text',
    };
    for (const app of [a, c]) {
      await eventually(() => expect(entryOf(app, groupId)).toMatchObject(summary));
      expect(selectTotalUnread(app.store.getState())).toBe(1);
    }
    await eventually(() =>
      expect(entryOf(b, groupId)).toMatchObject({ unread: 0, lastSenderId: bob.uid }),
    );
    await sendInGroup(b, groupId, 'Bring snacks');
    await eventually(() => expect(entryOf(a, groupId)?.unread).toBe(2));
    await eventually(() => expect(entryOf(c, groupId)?.unread).toBe(2));

    // Alice opens the group: her count clears, Carol's stays, and Bob sees 'Seen by 1'.
    openGroup(a, groupId);
    await eventually(() => expect(entryOf(a, groupId)?.unread).toBe(0));
    expect(entryOf(c, groupId)?.unread).toBe(2);
    await eventually(() => {
      const state = b.store.getState();
      const mine = selectMyLatestMessage(state);
      expect(mine?.text).toBe('Bring snacks');
      expect(mine && selectSeenBy(state, mine)).toBe(1);
    });
    openGroup(c, groupId);
    await eventually(() => expect(entryOf(c, groupId)?.unread).toBe(0));
    await eventually(() => {
      const state = b.store.getState();
      const mine = selectMyLatestMessage(state);
      expect(mine && selectSeenBy(state, mine)).toBe(2);
    });
  });

  it('counts nothing across a block, nor for a former member; outsiders count nothing', async () => {
    const { alice, bob, carol, a, b, c, groupId } = await threeInAGroup();
    const bobCarol = await befriend(bob, carol);
    await carol.relationships.block(bobCarol, carol.uid);
    await eventually(() =>
      expect(Object.keys(b.store.getState().friends.blocks.entities)).toHaveLength(1),
    );
    await sendInGroup(b, groupId, 'Hello?');
    await eventually(() => expect(entryOf(a, groupId)?.unread).toBe(1));
    expect(entryOf(c, groupId)).toBeUndefined();
    const raw = (from: Person, to: Person[]) =>
      from.conversations.group.send(
        { groupId, from: { uid: from.uid, name: from.username }, to: to.map((p) => p.uid) },
        'Forged count',
      ).acked;
    // Bob forging a count for Carol, who blocked him, is refused.
    await expect(raw(bob, [alice, carol])).rejects.toThrow(/permission/i);

    // Carol leaves: nobody counts for her any more, and she counts for nobody.
    await c.store.dispatch(leaveGroup(groupId)).unwrap();
    await eventually(() => expect(c.store.getState().memberships.mine[groupId]).toBeUndefined());
    await expect(raw(alice, [bob, carol])).rejects.toThrow(/permission/i);
    await expect(raw(carol, [alice])).rejects.toThrow(/permission/i);
    const dave = await signUp('Dave');
    await expect(raw(dave, [alice])).rejects.toThrow(/permission/i);
    expect(entryOf(a, groupId)?.unread).toBe(1);
  });
});
