/**
 * The mirrors (docs/scaling.md, "Instances and what lives where"): a conversation placed on
 * another instance than the directory has its rules read there, on their own instance, the
 * directory records they check (the friendship or block, the pair claim, the parties' profiles
 * and receipts settings, the group and its roster, the placement itself), and each person's home
 * what its own records are checked against (`homes/{uid}`, `showPresence`). This maps one write
 * of the directory to the admin writes that keep those copies, per instance. Written once and
 * run two ways: as Cloud Functions (index.ts) and, locally, by an admin listener beside our
 * emulator (scripts/stack/mirror.ts), which fires no function triggers.
 *
 * No SDK here: the directory is read through `DirectoryReads`, so the same code runs on the
 * Admin SDK and on REST, and its tests feed it a plain object.
 */

import { homeLeft, homeMirror } from './mirror-homes.js';

/** Reads of the directory, with admin rights. */
export interface DirectoryReads {
  /** The value at `path`, null when absent. */
  get(path: string): Promise<unknown>;
  /** The children of `path` whose `child` equals `value` (an indexed query). */
  where(path: string, child: string, value: string): Promise<Record<string, unknown>>;
}

/** One instance's share: a root update of its mirrors (null deletes). */
export interface MirrorWrite {
  instance: number;
  changes: Record<string, unknown>;
}

/** The directory paths whose writes are mirrored: the triggers, in the Functions' syntax. */
export const MIRRORED_PATHS = [
  'placement/direct/{id}',
  'placement/group/{id}',
  'friendList/{id}',
  'block/{id}',
  'Mygroup/{id}',
  'groupMembership/{id}',
  'users/{uid}',
  'settings/{uid}/readReceipts',
  'homes/{uid}',
  'settings/{uid}/showPresence',
] as const;

/** The directory is instance 0: what it holds needs no mirror. */
const DIRECTORY = 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The pair claim's key, as src/lib/firebase/friends/pair-key.ts makes it. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}_${b}` : `${b}_${a}`);

/**
 * The instance a live placement names, when it is not the directory. A conversation being moved
 * (`moving`, docs/scaling.md "Rebalancing") has its mirrors written by the mover alone: a
 * trigger that read its placement a moment earlier could otherwise write the source's mirror
 * back to `live` after the freeze. The flip's trigger mirrors the target as the directory then is.
 */
function placedAway(value: unknown): number | null {
  if (!isRecord(value) || value.state !== 'live') return null;
  const instance = value.instance;
  return typeof instance === 'number' && Number.isInteger(instance) && instance > DIRECTORY
    ? instance
    : null;
}

const PLACEMENT_PATH = /^placement\/(direct|group)\/[^/]+$/;

/** The conversation's placement among a mirror write's changes, if it holds one. */
export function placementIn(changes: Record<string, unknown>): string | null {
  return Object.keys(changes).find((path) => PLACEMENT_PATH.test(path)) ?? null;
}

/**
 * Whether a mirror write may set `instance`'s copy of a conversation's placement, which holds
 * `current` there: over nothing (the first mirror) or a copy live there only. A `moving` or
 * `moved` copy is the mover's (docs/scaling.md, "Rebalancing"): a trigger that read the directory
 * before a move and writes after it, even after the whole move, must not set it back to `live`,
 * or that instance's rules would take writes of a conversation living elsewhere. The writer
 * checks this and sets the placement in one compare-and-set (an ETag, a transaction), so a
 * move's freeze landing between the two makes it read the directory again.
 */
export function mayMirrorOver(current: unknown, instance: number): boolean {
  if (current === null || current === undefined) return true;
  return isRecord(current) && current.state === 'live' && current.instance === instance;
}

/** A person's records the rules read: the public profile and the receipts setting. */
async function personMirror(directory: DirectoryReads, uid: string) {
  const [user, receipts] = await Promise.all([
    directory.get(`users/${uid}`),
    directory.get(`settings/${uid}/readReceipts`),
  ]);
  return { [`users/${uid}`]: user, [`settings/${uid}/readReceipts`]: receipts };
}

/** Everything a friendship's conversation is checked against, as the directory has it now. */
async function directMirror(directory: DirectoryReads, id: string) {
  const [friendship, block, placement] = await Promise.all([
    directory.get(`friendList/${id}`),
    directory.get(`block/${id}`),
    directory.get(`placement/direct/${id}`),
  ]);
  const changes: Record<string, unknown> = {
    [`friendList/${id}`]: friendship,
    [`block/${id}`]: block,
    [`placement/direct/${id}`]: placement,
  };
  const parties = isRecord(friendship)
    ? [asString(friendship.senderId), asString(friendship.receiverId)]
    : isRecord(block)
      ? [asString(block.blockbyid), asString(block.blockid)]
      : [];
  const [a, b] = parties;
  if (a && b) {
    changes[`pairs/${pairKey(a, b)}`] = await directory.get(`pairs/${pairKey(a, b)}`);
    Object.assign(changes, await personMirror(directory, a), await personMirror(directory, b));
  }
  return changes;
}

/**
 * Everything a group's conversation is checked against: the group, its roster, its members'
 * profiles and receipts, and the blocks between members (with their pair claims: a pair
 * without a block needs no copy, as the rules then find no block either way).
 */
async function groupMirror(directory: DirectoryReads, id: string) {
  const [group, roster, placement] = await Promise.all([
    directory.get(`Mygroup/${id}`),
    directory.get(`groupMembership/${id}`),
    directory.get(`placement/group/${id}`),
  ]);
  const changes: Record<string, unknown> = {
    [`Mygroup/${id}`]: group,
    [`groupMembership/${id}`]: roster,
    [`placement/group/${id}`]: placement,
  };
  const people = new Set(isRecord(roster) ? Object.keys(roster) : []);
  const admin = isRecord(group) ? asString(group.adminId) : null;
  if (admin) people.add(admin);
  for (const uid of people) Object.assign(changes, await personMirror(directory, uid));
  for (const uid of people) {
    const blocks = await directory.where('block', 'blockbyid', uid);
    for (const [blockId, block] of Object.entries(blocks)) {
      const blocked = isRecord(block) ? asString(block.blockid) : null;
      if (!blocked || !people.has(blocked)) continue;
      changes[`block/${blockId}`] = block;
      changes[`pairs/${pairKey(uid, blocked)}`] = await directory.get(
        `pairs/${pairKey(uid, blocked)}`,
      );
    }
  }
  return changes;
}

/** The instances other than the directory where `uid` has a conversation. */
async function instancesOf(directory: DirectoryReads, uid: string): Promise<Set<number>> {
  const [sent, received, blocked, blockedBy, groups] = await Promise.all([
    directory.where('friendList', 'senderId', uid),
    directory.where('friendList', 'receiverId', uid),
    directory.where('block', 'blockbyid', uid),
    directory.where('block', 'blockid', uid),
    directory.get(`userGroups/${uid}`),
  ]);
  const direct = [sent, received, blocked, blockedBy].flatMap((found) => Object.keys(found));
  const placements = await Promise.all([
    ...direct.map((id) => directory.get(`placement/direct/${id}`)),
    ...Object.keys(isRecord(groups) ? groups : {}).map((id) =>
      directory.get(`placement/group/${id}`),
    ),
  ]);
  return new Set(placements.flatMap((placement) => placedAway(placement) ?? []));
}

/**
 * The mirror writes that follow a write of directory path `path` (any path; those outside
 * `MIRRORED_PATHS` need none). They carry the directory's values as read now, not the trigger's,
 * so that triggers running out of order still converge on the latest state. `before` is the
 * value the write replaced at `path` (the trigger's `before`; undefined when unknown): only a
 * home's move is told from it.
 */
export async function mirrorWrites(
  path: string,
  directory: DirectoryReads,
  before?: unknown,
): Promise<MirrorWrite[]> {
  const [root, first, second] = path.replace(/^\/+|\/+$/g, '').split('/');
  if (!first) return [];
  const to = (instance: number | null, changes: Record<string, unknown>): MirrorWrite[] =>
    instance === null ? [] : [{ instance, changes }];
  switch (root) {
    case 'placement': {
      if (!second || (first !== 'direct' && first !== 'group')) return [];
      const instance = placedAway(await directory.get(`placement/${first}/${second}`));
      if (instance === null) return [];
      const changes =
        first === 'direct'
          ? await directMirror(directory, second)
          : await groupMirror(directory, second);
      return to(instance, changes);
    }
    case 'friendList':
    case 'block': {
      const instance = placedAway(await directory.get(`placement/direct/${first}`));
      return instance === null ? [] : to(instance, await directMirror(directory, first));
    }
    case 'Mygroup':
    case 'groupMembership': {
      const instance = placedAway(await directory.get(`placement/group/${first}`));
      return instance === null ? [] : to(instance, await groupMirror(directory, first));
    }
    case 'homes': {
      const [mirror, left] = await Promise.all([
        homeMirror(directory, first),
        homeLeft(directory, first, before),
      ]);
      return [...mirror, ...left];
    }
    case 'users':
    case 'settings': {
      if (root === 'settings' && second === 'showPresence') return homeMirror(directory, first);
      if (root === 'settings' && second !== 'readReceipts') return [];
      const instances = await instancesOf(directory, first);
      if (instances.size === 0) return [];
      const changes = await personMirror(directory, first);
      return [...instances].sort((a, b) => a - b).map((instance) => ({ instance, changes }));
    }
    default:
      return [];
  }
}
