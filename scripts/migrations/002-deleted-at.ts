/**
 * A message deleted for everyone before `deletedAt` existed has `deleted: true` and no
 * `deletedAt`, so the search index's catch-up (a query on the rules' index on `deletedAt` from
 * the server time it last looked, docs/data-model.md) never sees it: a device that indexed it
 * before the delete keeps finding its words. Each such message gets `deletedAt` = the server
 * time of this migration: later than anything any device has looked at, so each one's next
 * catch-up reads it and drops it (its `createdAt` would fall before their marks and stay
 * unseen). Only the field is added; nothing else of the message is touched. Idempotent: a
 * message with `deletedAt` is left alone, so a second run changes nothing.
 */
import type { MigrationDb } from './database';

export const version = 2;
export const name = 'deleted-at';

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node =>
  typeof value === 'object' && value !== null ? (value as Node) : {};

/** The message trees of 1:1 and group conversations. */
export const MESSAGE_TREES = ['sendMessage', 'groupMessages'] as const;

/** The server's time, as REST and the SDK write it. */
const SERVER_TIME = { '.sv': 'timestamp' };

/** `deletedAt` for each message of one conversation deleted for everyone without it. */
export function planDeletedAt(
  tree: string,
  conversationId: string,
  messages: unknown,
  now: unknown = SERVER_TIME,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(asNode(messages))) {
    const { deleted, deletedAt } = asNode(message);
    if (deleted === true && deletedAt === undefined)
      changes[`${tree}/${conversationId}/${id}/deletedAt`] = now;
  }
  return changes;
}

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  let changed = 0;
  for (const tree of MESSAGE_TREES) {
    // One conversation at a time: a whole tree can be far larger than one read should be.
    for (const id of Object.keys(asNode(await db.get(tree, { shallow: true })))) {
      const changes = planDeletedAt(tree, id, await db.get(`${tree}/${id}`));
      const count = Object.keys(changes).length;
      if (count === 0) continue;
      await db.update(changes);
      changed += count;
    }
  }
  log(
    changed > 0
      ? `  deletedAt set on ${String(changed)} message(s) deleted before it existed`
      : '  no deleted message without deletedAt',
  );
  return changed;
}
