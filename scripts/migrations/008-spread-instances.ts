/**
 * From one instance to N (docs/scaling.md, "Migration: from one instance to N"): once more than
 * one instance is configured, existing people and conversations go where new ones would be
 * placed. Each person's home becomes what the app gives a new person (`chooseHome`: a hash of
 * the uid over the open instances); then each conversation not on its creator's home is moved
 * there by the rebalancing mover (scripts/rebalance/), frozen, copied, flipped and cleaned up,
 * so nothing is lost or doubled. The creator is a friendship's sender (the request's, or the
 * blocker who restored it by an unblock), a block's blocker and a group's admin.
 *
 * With one instance configured (or none) it does nothing. Idempotent: homes equal to the rule
 * are not written again, conversations already home are not moved, and a move a previous run
 * left half done is finished (its journal, `moves/…`).
 */
import {
  chooseHome,
  parseInstancesConfig,
} from '../../src/lib/firebase/conversations/placement/shapes';
import { backendsOf } from '../rebalance/backends';
import { finishMoves, moveConversation } from '../rebalance/move-conversation';
import type { ConversationKey } from '../../src/lib/conversation-key';
import type { MigrationDb } from './database';

export const version = 8;
export const name = 'spread-instances';

const BATCH = 100;

type Tree = Record<string, unknown>;

const treeOf = async (db: MigrationDb, path: string): Promise<Tree> => {
  const value = await db.get(path);
  return typeof value === 'object' && value !== null ? (value as Tree) : {};
};

const field = (record: unknown, key: string): string | null => {
  const value = typeof record === 'object' && record !== null ? (record as Tree)[key] : null;
  return typeof value === 'string' && value ? value : null;
};

const instanceOf = (placement: unknown): number => {
  const instance =
    typeof placement === 'object' && placement !== null ? (placement as Tree).instance : 0;
  return typeof instance === 'number' ? instance : 0;
};

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const config = parseInstancesConfig(await db.get('config/instances'));
  if (config.count <= 1) return 0;
  const backends = await backendsOf(db);
  // A move a run left behind is finished first, whatever it was moving.
  const finished = await finishMoves(backends, { graceMs: 0, log });

  const [people, homes] = await Promise.all([
    db.get('users', { shallow: true }),
    treeOf(db, 'homes'),
  ]);
  const homeOf = (uid: string) => chooseHome(config, uid);
  const rehomed = Object.keys(typeof people === 'object' && people !== null ? people : {})
    .filter((uid) => homes[uid] !== homeOf(uid))
    .map((uid): [string, number] => [`homes/${uid}`, homeOf(uid)]);
  for (let i = 0; i < rehomed.length; i += BATCH) {
    await db.update(Object.fromEntries(rehomed.slice(i, i + BATCH)));
  }
  if (rehomed.length) log(`homes: ${String(rehomed.length)} set by the app's rule`);

  const [friendships, blocks, groups, placements] = await Promise.all([
    treeOf(db, 'friendList'),
    treeOf(db, 'block'),
    treeOf(db, 'Mygroup'),
    treeOf(db, 'placement'),
  ]);
  const placed = (kind: string, id: string) =>
    instanceOf((placements[kind] as Tree | undefined)?.[id]);
  const wanted: [ConversationKey, string | null, number][] = [
    ...Object.entries(friendships).map(([id, record]): [ConversationKey, string | null, number] => [
      `d:${id}`,
      field(record, 'senderId'),
      placed('direct', id),
    ]),
    ...Object.entries(blocks).map(([id, record]): [ConversationKey, string | null, number] => [
      `d:${id}`,
      field(record, 'blockbyid'),
      placed('direct', id),
    ]),
    ...Object.entries(groups).map(([id, record]): [ConversationKey, string | null, number] => [
      `g:${id}`,
      field(record, 'adminId'),
      placed('group', id),
    ]),
  ];
  let moved = 0;
  for (const [key, creator, instance] of wanted) {
    if (!creator) {
      log(`${key}: no creator recorded, left on instance ${String(instance)}`);
      continue;
    }
    const home = homeOf(creator);
    if (home === instance) continue;
    await moveConversation(backends, key, home, { graceMs: 0, log });
    moved++;
  }
  if (moved) log(`conversations: ${String(moved)} moved to their creators' homes`);
  return finished + rehomed.length + moved;
}
