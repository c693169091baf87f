import { beforeEach, describe, expect, it } from 'vitest';
import {
  inviteFriend,
  leaveGroup,
  removeFromGroup,
  renameGroup,
} from '../../src/features/groups/groups-thunks';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { libStrings } from '../../src/lib/lib-strings';
import {
  befriend,
  cleanBackendPerTest,
  eventually,
  hikersThroughApps,
  storeFor,
  type Person,
  acceptGroup,
} from './app-clients';
import { sendInGroup } from './conversations-group-sending';

// A group conversation between real stores over the emulators.
const { signUp, stopAfterTest } = cleanBackendPerTest();
let alice: Person;
let bob: Person;
let carol: Person;
let friendship: Awaited<ReturnType<typeof befriend>>;
/** The toast's reason when the rules refuse a write. */
const refused = libStrings.home.errors.permissionDenied;
const as = (p: Person) => ({ uid: p.uid, username: p.username });
/** A raw group post from `person`'s own client (no store, no client-side checks). */
const post = (person: Person, groupId: string, from: Person, text: string) =>
  person.conversations.group.send(
    { groupId, from: { uid: from.uid, name: from.username }, to: [] },
    text,
  ).acked;

beforeEach(async () => {
  alice = await signUp('Alice');
  bob = await signUp('Bob');
  carol = await signUp('Carol');
  friendship = await befriend(alice, bob);
});

/** A live window over `person`'s own client: what they receive, or the error they get. */
function watch(person: Person, groupId: string) {
  const seen: { messages: ConversationMessage[]; error: Error | null } = {
    messages: [],
    error: null,
  };
  const stop = person.conversations.group.subscribeLatest(
    { id: groupId, pageSize: 50 },
    (messages) => {
      seen.messages = messages;
    },
    (error) => {
      seen.error = error;
    },
  );
  stopAfterTest(stop);
  return seen;
}

async function groupWithBob() {
  const a = storeFor(alice);
  const b = storeFor(bob);
  const c = storeFor(carol);
  stopAfterTest(a.stop, b.stop, c.stop);
  await Promise.all([a.ready(), b.ready(), c.ready()]);
  const groupId = await hikersThroughApps(a, [[bob, b]]);
  return { a, b, c, groupId };
}

describe('group chat between signed-in people', () => {
  it('admin and member talk both ways, live, with the sender named', async () => {
    const { a, b, groupId } = await groupWithBob();
    const aliceSees = watch(alice, groupId);
    const bobSees = watch(bob, groupId);
    await sendInGroup(b, groupId, 'Hi Alice');
    await sendInGroup(a, groupId, 'Hi Bob');
    await eventually(() => {
      for (const seen of [aliceSees, bobSees]) {
        expect(seen.messages.map((m) => [m.senderName, m.text])).toEqual([
          ['Bob', 'Hi Alice'],
          ['Alice', 'Hi Bob'],
        ]);
      }
    });
    expect(bobSees.messages[0].senderId).toBe(bob.uid);
    expect(bobSees.messages[0].createdAt).toBeGreaterThan(0);
  });

  it('an outsider and a requester read nothing and post nothing; nobody posts as another', async () => {
    const { c, groupId } = await groupWithBob();
    await c.store.dispatch(acceptGroup(groupId)).unwrap(); // Carol asks to join: 'requested'
    const carolSees = watch(carol, groupId);
    await eventually(() => expect(carolSees.error?.message).toMatch(/permission/i));
    await expect(post(carol, groupId, carol, 'Let me in')).rejects.toThrow(/permission/i);
    await expect(post(bob, groupId, alice, 'Forged')).rejects.toThrow(/permission/i);
  });

  it('a member who leaves, or is removed, can no longer read or post', async () => {
    const { a, b, groupId } = await groupWithBob();
    await sendInGroup(b, groupId, 'Before');
    await b.store.dispatch(leaveGroup(groupId)).unwrap();
    await eventually(() => expect(b.store.getState().memberships.mine[groupId]).toBeUndefined());
    const bobSees = watch(bob, groupId);
    await eventually(() => expect(bobSees.error?.message).toMatch(/permission/i));
    expect(bobSees.messages).toEqual([]);
    await expect(post(bob, groupId, bob, 'After')).rejects.toThrow(/permission/i);

    // Back in, then removed by the admin: the same.
    await a.store.dispatch(inviteFriend({ groupId, friend: as(bob) })).unwrap();
    await eventually(() => expect(b.store.getState().memberships.mine[groupId]).toBe('invited'));
    await b.store.dispatch(acceptGroup(groupId)).unwrap();
    await sendInGroup(b, groupId, 'Back');
    await a.store.dispatch(removeFromGroup({ groupId, person: as(bob) })).unwrap();
    await expect(post(bob, groupId, bob, 'Gone')).rejects.toThrow(/permission/i);
  });

  it("a removed member's open listener is cancelled by the server and gets nothing later", async () => {
    const { a, groupId } = await groupWithBob();
    // A forged client keeps its listener open, skipping the app's own close on removal.
    const bobSees = watch(bob, groupId);
    await sendInGroup(a, groupId, 'Before');
    await eventually(() => expect(bobSees.messages.map((m) => m.text)).toEqual(['Before']));
    await a.store.dispatch(removeFromGroup({ groupId, person: as(bob) })).unwrap();
    await eventually(() => expect(bobSees.error?.message).toMatch(/permission/i));
    await sendInGroup(a, groupId, 'After');
    const aliceSees = watch(alice, groupId);
    await eventually(() => expect(aliceSees.messages.map((m) => m.text)).toContain('After'));
    expect(bobSees.messages.map((m) => m.text)).toEqual(['Before']);
  });

  it('a person I blocked cannot invite me; the admin renames the group', async () => {
    const a = storeFor(alice);
    const b = storeFor(bob);
    stopAfterTest(a.stop, b.stop);
    await Promise.all([a.ready(), b.ready()]);
    const groupId = await hikersThroughApps(a);
    await a.store
      .dispatch(renameGroup({ groupId, fields: { groupName: 'Climbers', groupTag: 'Walls' } }))
      .unwrap();
    await expect(
      b.store
        .dispatch(renameGroup({ groupId, fields: { groupName: 'Bobs', groupTag: 'Mine now' } }))
        .unwrap(),
    ).rejects.toContain(refused);

    // Bob blocks Alice (as his Block button does): her invitation is refused.
    await bob.relationships.block(friendship, bob.uid);
    await expect(
      a.store.dispatch(inviteFriend({ groupId, friend: as(bob) })).unwrap(),
    ).rejects.toContain(refused);
  });
});
