/**
 * The demo spread over the database instances (docs/scaling.md, "Instances and what lives
 * where"): each demo person gets a home, each friendship, block and group a placement on its
 * creator's home (the request's sender, the blocker, the group's admin), and every record of a
 * conversation goes to the instance it is placed on, each person's own records (prefs, drafts)
 * to their home. What the app writes, the demo writes: the directory keeps everything else. Mirrors are not written here: the mirror process copies them
 * from the directory (scripts/stack/mirror.ts).
 */
import { DEFAULT_INSTANCE } from '../../src/lib/firebase/conversations/placement/shapes';

/**
 * The demo people's homes, by their index in demoUsers, when there are two instances or more:
 * half on instance 1, so Alice (0, home 0) has conversations on both (Bob's on 0, Carol's and
 * Carol's group on 1). One instance: everyone on the default.
 */
const HOMES = [0, 0, 1, 1, 0, 1, 0, 1, 0, 1];

export function demoHome(index: number, instances: number): number {
  const home = HOMES[index] ?? DEFAULT_INSTANCE;
  return home < instances ? home : DEFAULT_INSTANCE;
}

/**
 * The trees of a conversation's records, and at which segment of a path its id sits: the
 * records the instances' rules keep on the conversation's placement (rules/conversations-placement.ts).
 */
const PLACED_TREES = new Map<string, { kind: 'direct' | 'group'; idAt: number }>([
  ['sendMessage', { kind: 'direct', idAt: 1 }],
  ['inbox', { kind: 'direct', idAt: 2 }],
  ['reads', { kind: 'direct', idAt: 1 }],
  ['typing', { kind: 'direct', idAt: 1 }],
  ['chatImages', { kind: 'direct', idAt: 1 }],
  ['chatFiles', { kind: 'direct', idAt: 1 }],
  ['hiddenMessages', { kind: 'direct', idAt: 2 }],
  ['groupMessages', { kind: 'group', idAt: 1 }],
  ['groupInbox', { kind: 'group', idAt: 2 }],
  ['groupReads', { kind: 'group', idAt: 1 }],
  ['groupImages', { kind: 'group', idAt: 1 }],
  ['groupFiles', { kind: 'group', idAt: 1 }],
  ['groupHiddenMessages', { kind: 'group', idAt: 2 }],
]);

/** Each person's own records, kept on their home (`{tree}/{uid}/…`, rules/conversations-placement.ts). */
const HOME_TREES = new Set(['status', 'inboxPrefs', 'drafts', 'deviceSeen']);

/**
 * The homes of `people` and the placements of the conversations in `data` (its friendships,
 * blocks and groups), as root-update entries of the directory.
 */
export function placementEntries(
  data: Record<string, unknown>,
  people: readonly { uid: string }[],
  instances: number,
): Record<string, unknown> {
  const homes = new Map(people.map((person, i) => [person.uid, demoHome(i, instances)]));
  const home = (uid: unknown) => (typeof uid === 'string' ? homes.get(uid) : undefined);
  const entries: Record<string, unknown> = {};
  for (const [uid, instance] of homes) entries[`homes/${uid}`] = instance;
  for (const [path, value] of Object.entries(data)) {
    const [tree, id, ...rest] = path.split('/');
    if (rest.length > 0 || !id || typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const creator =
      tree === 'friendList'
        ? record.senderId
        : tree === 'block'
          ? record.blockbyid
          : tree === 'Mygroup'
            ? record.adminId
            : undefined;
    if (creator === undefined) continue;
    const kind = tree === 'Mygroup' ? 'group' : 'direct';
    entries[`placement/${kind}/${id}`] = {
      instance: home(creator) ?? DEFAULT_INSTANCE,
      state: 'live',
    };
  }
  return entries;
}

/**
 * `data` split by instance: each conversation record to the instance its placement (in `data`)
 * names, each person's own records to their home (`homes/{uid}` in `data`), everything else to
 * the directory (instance 0). Index n of the result is instance n's
 * root update.
 */
export function splitByInstance(
  data: Record<string, unknown>,
  instances: number,
): Record<string, unknown>[] {
  const parts = Array.from({ length: instances }, (): Record<string, unknown> => ({}));
  const directory = parts[0] ?? {};
  for (const [path, value] of Object.entries(data)) {
    const segments = path.split('/');
    const placed = PLACED_TREES.get(segments[0] ?? '');
    const id = placed ? segments[placed.idAt] : undefined;
    const placement = placed && id ? data[`placement/${placed.kind}/${id}`] : undefined;
    const owner = HOME_TREES.has(segments[0] ?? '') ? segments[1] : undefined;
    const instance =
      typeof placement === 'object' && placement !== null
        ? (placement as { instance?: unknown }).instance
        : owner
          ? data[`homes/${owner}`]
          : undefined;
    const part = typeof instance === 'number' ? parts[instance] : undefined;
    (part ?? directory)[path] = value;
  }
  return parts;
}
