/**
 * The hint relay (docs/scaling.md, "The hint protocol"): a new group message is stored on the
 * group's instance with every member's entry, but a member listens live only on their home. So
 * for each home instance of the members not on the group's instance, one update writes
 * `hints/{uid}/g:{groupId} = { at: now }` there; their clients then look at their own entry on
 * the group's instance. A sender's client cannot do this: it would need a connection per home.
 *
 * Written once and run two ways, like mirror.ts: as a Cloud Function triggered by
 * `groupMessages/{groupId}/{messageId}` on every instance (index.ts) and, locally, beside our
 * emulator (scripts/stack/mirror.ts). No SDK here: the directory is read through `get`.
 */
import type { DirectoryReads } from './mirror.js';

/** The trigger, in the Functions' syntax, on each instance. */
export const RELAYED_PATH = 'groupMessages/{groupId}/{messageId}';

/** One home instance's share: a root update of hints. */
export interface HintWrite {
  instance: number;
  changes: Record<string, { at: { '.sv': 'timestamp' } }>;
}

/** The server's time, as both the Admin SDK and REST write it: the rules ask for `at == now`. */
const NOW = { '.sv': 'timestamp' } as const;

/** The directory, and the default where a home or placement is absent (older data). */
const DEFAULT_INSTANCE = 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const instanceIn = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_INSTANCE;

/**
 * The hints that announce message `message` of group `groupId`: one update per home instance
 * of the group's people (its admin and members, not the sender) whose home is not the group's
 * instance. The group and its people are read from the directory now, so a member removed
 * before the relay ran gets no hint. A message that is not a new message (no sender) gets none.
 */
export async function relayWrites(
  groupId: string,
  message: unknown,
  directory: DirectoryReads,
): Promise<HintWrite[]> {
  const sender =
    isRecord(message) && typeof message.senderId === 'string' ? message.senderId : null;
  if (!sender) return [];
  const [group, roster, placement] = await Promise.all([
    directory.get(`Mygroup/${groupId}`),
    directory.get(`groupMembership/${groupId}`),
    directory.get(`placement/group/${groupId}`),
  ]);
  if (!isRecord(group)) return [];
  const groupInstance = instanceIn(isRecord(placement) ? placement.instance : undefined);
  const people = new Set<string>();
  if (typeof group.adminId === 'string') people.add(group.adminId);
  for (const [uid, record] of Object.entries(isRecord(roster) ? roster : {})) {
    if (isRecord(record) && record.status === 'member') people.add(uid);
  }
  people.delete(sender);
  const byHome = new Map<number, HintWrite['changes']>();
  const homes = await Promise.all(
    [...people].map(async (uid) => [uid, instanceIn(await directory.get(`homes/${uid}`))] as const),
  );
  for (const [uid, home] of homes) {
    if (home === groupInstance) continue;
    const changes = byHome.get(home) ?? {};
    changes[`hints/${uid}/g:${groupId}`] = { at: NOW };
    byHome.set(home, changes);
  }
  return [...byHome]
    .sort(([a], [b]) => a - b)
    .map(([instance, changes]) => ({ instance, changes }));
}
