import { notificationId } from '../../src/lib/firebase/notifications/record';
import { alice, bob, carol } from './friends-fixtures';
import { SERVER_TIME, userRecord } from './rules-env';

/**
 * The groups' test world: Alice runs the group; Bob joined first (at 1), Carol later (at 2);
 * Dave knows nobody; Erin is invited. Everyone has an account.
 */
export const dave = 'dave-uid';
export const erin = 'erin-uid';
export const groupId = '-Ngroup0000000000024';
export const names: Record<string, string> = {
  [alice]: 'Alice',
  [bob]: 'Bob',
  [carol]: 'Carol',
  [dave]: 'Dave',
  [erin]: 'Erin',
};
export const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Up' };

/** A roster entry with its mirror in group `id`, as stored (`at` a past server time). */
const storedIn = (id: string, uid: string, status: string, at = 1) => ({
  [`groupMembership/${id}/${uid}`]: { status, username: names[uid], at },
  [`userGroups/${uid}/${id}`]: status,
});
/** A roster entry with its mirror in this world's group. */
export const stored = (uid: string, status: string, at = 1) => storedIn(groupId, uid, status, at);
/** A status change as the app writes it (null removes the entry and its mirror). */
export const membership = (uid: string, status: string | null) => ({
  [`groupMembership/${groupId}/${uid}`]: status
    ? { status, username: names[uid], at: SERVER_TIME }
    : null,
  [`userGroups/${uid}/${groupId}`]: status,
});

const everyone = Object.fromEntries(
  Object.entries(names).map(([uid, name]) => [`users/${uid}`, userRecord(name)]),
);

export const groupWorld = {
  ...everyone,
  [`Mygroup/${groupId}`]: group,
  ...stored(bob, 'member', 1),
  ...stored(carol, 'member', 2),
  ...stored(erin, 'invited', 3),
};

/**
 * The group inbox suites' world, in a group `id` of their own: Alice runs it, Bob and Carol are
 * members; Dave, who left, and Erin, a stranger, have only their accounts.
 */
export const membersWorld = (id: string) => ({
  ...everyone,
  [`Mygroup/${id}`]: group,
  ...storedIn(id, bob, 'member'),
  ...storedIn(id, carol, 'member'),
});

/** A notification `actor` writes for `to` with an action, at the id the app uses. */
export function noteFor(to: string, kind: string, actor: string, ref: string, subject?: string) {
  const input = { kind, actorId: actor, actorName: names[actor] ?? '', ref };
  const value = { ...input, ...(subject ? { subject } : {}), at: SERVER_TIME, read: false };
  return {
    [`notifications/${to}/${notificationId(input as Parameters<typeof notificationId>[0])}`]: value,
  };
}

/** The group changes hands to `uid`, who leaves the roster in the same update. */
export const handOverTo = (uid: string, name = names[uid]) => ({
  [`Mygroup/${groupId}/adminId`]: uid,
  [`Mygroup/${groupId}/adminName`]: name,
  ...membership(uid, null),
});
