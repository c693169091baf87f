/**
 * Past one database (docs/scaling.md, "Migration: from one instance to N", release A): every
 * person gets a home and every conversation a placement, both the default instance (0), where
 * all of their data already is. The app reads an absent record as the same instance, so nothing
 * changes for anyone; what it buys is that every conversation is then `live` on a named
 * instance, which moving one later (rebalancing) and the instances' own rules need.
 *
 * Conversations are the friendships and blocks (a block keeps the friendship's id and its
 * messages) and the groups. A record the app already wrote wins: a person registered or a
 * conversation created since the directory's rules has its own. One update per hundred records,
 * so a large database is not one huge request; idempotent, a second run finds nothing missing.
 */
import type { MigrationDb } from './database';

export const version = 7;
export const name = 'placement';

const DEFAULT_INSTANCE = 0;
const BATCH = 100;

async function keysOf(db: MigrationDb, path: string): Promise<string[]> {
  const value = await db.get(path, { shallow: true });
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const [people, homed, friendships, blocks, groups, placedDirect, placedGroups] =
    await Promise.all([
      keysOf(db, 'users'),
      keysOf(db, 'homes'),
      keysOf(db, 'friendList'),
      keysOf(db, 'block'),
      keysOf(db, 'Mygroup'),
      keysOf(db, 'placement/direct'),
      keysOf(db, 'placement/group'),
    ]);
  const live = { instance: DEFAULT_INSTANCE, state: 'live' };
  const missing = (ids: string[], done: string[]) => {
    const have = new Set(done);
    return [...new Set(ids)].filter((id) => !have.has(id));
  };
  const changes: [string, unknown][] = [
    ...missing(people, homed).map((uid): [string, unknown] => [`homes/${uid}`, DEFAULT_INSTANCE]),
    ...missing([...friendships, ...blocks], placedDirect).map((id): [string, unknown] => [
      `placement/direct/${id}`,
      live,
    ]),
    ...missing(groups, placedGroups).map((id): [string, unknown] => [
      `placement/group/${id}`,
      live,
    ]),
  ];
  for (let i = 0; i < changes.length; i += BATCH) {
    await db.update(Object.fromEntries(changes.slice(i, i + BATCH)));
  }
  if (changes.length) {
    log(
      `homes and placements: ${String(changes.length)} written, on instance ${String(DEFAULT_INSTANCE)}`,
    );
  }
  return changes.length;
}
