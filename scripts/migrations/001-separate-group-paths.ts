/**
 * A group's per-conversation records leave the trees it shared with friendships.
 * `inbox/{uid}/{groupId}` → `groupInbox/{uid}/{groupId}`, `reads/{groupId}` → `groupReads/{groupId}`,
 * `chatImages/{groupId}` → `groupImages/{groupId}`; typing under a group id (groups never had
 * any) is dropped. A record whose id is also a relationship's (the id collision this closes)
 * moves only if the message it names is the group's. Idempotent: what already moved is not
 * found again, and a record the new app already wrote in the new tree wins over the old copy.
 */
import type { MigrationDb } from './database';

export const version = 1;
export const name = 'separate-group-paths';

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node =>
  typeof value === 'object' && value !== null ? (value as Node) : {};
const field = (value: unknown, key: string): unknown => asNode(value)[key];

/** What the small moves (inbox entries, read markers, typing) are planned from. */
export interface SmallMovesInput {
  groupIds: ReadonlySet<string>;
  /** Ids of friend requests, friendships, blocks and 1:1 chats. */
  relationshipIds: ReadonlySet<string>;
  /** Message ids of each group's conversation (for ids that are groups). */
  groupMessages: ReadonlyMap<string, ReadonlySet<string>>;
  inbox: Node;
  groupInbox: Node;
  reads: Node;
  groupReads: Node;
  typing: Node;
}

/** A record under a group's id is the group's if it names a group message, or nothing else claims the id. */
function belongsToGroup(input: SmallMovesInput, id: string, messageId: unknown): boolean {
  if (!input.groupIds.has(id)) return false;
  if (typeof messageId === 'string' && input.groupMessages.get(id)?.has(messageId)) return true;
  return !input.relationshipIds.has(id);
}

/** The one root update that moves the inbox entries and read markers and drops group typing. */
export function planSmallMoves(input: SmallMovesInput): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [uid, entries] of Object.entries(input.inbox)) {
    for (const [id, entry] of Object.entries(asNode(entries))) {
      if (!belongsToGroup(input, id, field(entry, 'lastMessageId'))) continue;
      if (field(input.groupInbox[uid], id) === undefined)
        changes[`groupInbox/${uid}/${id}`] = entry;
      changes[`inbox/${uid}/${id}`] = null;
    }
  }
  for (const [id, markers] of Object.entries(input.reads)) {
    for (const [uid, marker] of Object.entries(asNode(markers))) {
      if (!belongsToGroup(input, id, field(marker, 'messageId'))) continue;
      if (field(input.groupReads[id], uid) === undefined)
        changes[`groupReads/${id}/${uid}`] = marker;
      changes[`reads/${id}/${uid}`] = null;
    }
  }
  for (const id of Object.keys(input.typing)) {
    if (input.groupIds.has(id) && !input.relationshipIds.has(id)) changes[`typing/${id}`] = null;
  }
  return changes;
}

const keysOf = async (db: MigrationDb, path: string) =>
  Object.keys(asNode(await db.get(path, { shallow: true })));

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const groupIds = new Set(await keysOf(db, 'Mygroup'));
  if (groupIds.size === 0) return 0;
  const relationshipIds = new Set(
    (
      await Promise.all(
        ['friendRequest', 'friendList', 'block', 'sendMessage'].map((tree) => keysOf(db, tree)),
      )
    ).flat(),
  );
  const [inbox, groupInbox, reads, groupReads, typing, imageIds] = await Promise.all([
    db.get('inbox').then(asNode),
    db.get('groupInbox').then(asNode),
    db.get('reads').then(asNode),
    db.get('groupReads').then(asNode),
    db.get('typing', { shallow: true }).then(asNode),
    keysOf(db, 'chatImages'),
  ]);
  // Only the groups that still have records in the shared trees need their message ids.
  const candidates = new Set(
    [
      ...Object.values(inbox).flatMap((entries) => Object.keys(asNode(entries))),
      ...Object.keys(reads),
      ...imageIds,
    ].filter((id) => groupIds.has(id)),
  );
  const groupMessages = new Map<string, Set<string>>();
  for (const id of candidates)
    groupMessages.set(id, new Set(await keysOf(db, `groupMessages/${id}`)));
  const input = {
    groupIds,
    relationshipIds,
    groupMessages,
    inbox,
    groupInbox,
    reads,
    groupReads,
    typing,
  };

  const small = planSmallMoves(input);
  let changed = Object.keys(small).length;
  if (changed > 0) await db.update(small);

  // Photos one by one (each up to ~450 KB): an interrupted run leaves each either moved or not.
  for (const id of imageIds.filter((key) => groupIds.has(key))) {
    const moved = new Set(await keysOf(db, `groupImages/${id}`));
    for (const imageId of await keysOf(db, `chatImages/${id}`)) {
      if (!belongsToGroup(input, id, imageId)) continue;
      const update: Record<string, unknown> = { [`chatImages/${id}/${imageId}`]: null };
      if (!moved.has(imageId))
        update[`groupImages/${id}/${imageId}`] = await db.get(`chatImages/${id}/${imageId}`);
      await db.update(update);
      changed += Object.keys(update).length;
    }
  }
  log(
    changed > 0 ? `  moved group records: ${String(changed)} path(s) changed` : '  nothing to move',
  );
  return changed;
}
