/**
 * Each person's own records go to their home (docs/scaling.md, "Instances and what lives
 * where"): `status/{uid}`, `inboxPrefs/{uid}`, `drafts/{uid}` and `deviceSeen/{uid}` of everyone
 * whose `homes/{uid}` is not the directory are copied there, then deleted from the directory.
 * The app reads and writes them on the home only, and the home's rules take them only there.
 *
 * Per person and tree: one update on the home, then one on the directory. A record the app
 * already wrote on the home wins over the directory's copy (by conversation for prefs and
 * drafts, by device for `deviceSeen`, whole for `status`), so a run cut short between the two
 * updates, run again, copies nothing twice and only finishes the delete. With one instance
 * configured (or none) every home is the directory and it does nothing.
 */
import { parseInstancesConfig } from '../../src/lib/firebase/conversations/placement/shapes';
import { backendsOf } from '../rebalance/backends';
import type { MigrationDb } from './database';

export const version = 9;
export const name = 'home-records';

type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The trees of each person's own records, kept on their home. */
const HOME_TREES = ['status', 'inboxPrefs', 'drafts', 'deviceSeen'] as const;

/**
 * `value` of `tree/{uid}` cut into the records that are copied or kept whole: a whole status,
 * each device's last use, each conversation's prefs or draft (and the pin list whole).
 */
function recordsOf(tree: (typeof HOME_TREES)[number], value: unknown): Tree {
  if (tree === 'status' || !isTree(value)) return { '': value };
  if (tree === 'deviceSeen') return value;
  const records: Tree = {};
  for (const [part, inside] of Object.entries(value)) {
    if ((part === 'direct' || part === 'group') && isTree(inside)) {
      for (const [id, record] of Object.entries(inside)) records[`${part}/${id}`] = record;
    } else records[part] = inside;
  }
  return records;
}

const join = (...parts: string[]) => parts.filter(Boolean).join('/');

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const config = parseInstancesConfig(await db.get('config/instances'));
  if (config.count <= 1) return 0;
  const backends = await backendsOf(db);
  const homes = await db.get('homes');
  const homeOf = (uid: string) => {
    const home = isTree(homes) ? homes[uid] : undefined;
    return typeof home === 'number' && Number.isInteger(home) ? home : 0;
  };
  let changed = 0;
  for (const tree of HOME_TREES) {
    const owners = await db.get(tree, { shallow: true });
    const away = Object.keys(isTree(owners) ? owners : {}).filter((uid) => homeOf(uid) !== 0);
    for (const uid of away) {
      const home = backends.instance(homeOf(uid));
      const path = `${tree}/${uid}`;
      const [here, there] = await Promise.all([db.get(path), home.get(path)]);
      const kept = recordsOf(tree, there);
      const copies = Object.fromEntries(
        Object.entries(recordsOf(tree, here))
          .filter(([key, value]) => value !== null && (kept[key] ?? null) === null)
          .map(([key, value]) => [join(path, key), value]),
      );
      // The copy is acknowledged before the directory's is deleted: a crash in between leaves
      // both, and the next run finds the home's and only deletes.
      if (Object.keys(copies).length) await home.update(copies);
      await db.update({ [path]: null });
      changed += Object.keys(copies).length + 1;
    }
    if (away.length) log(`${tree}: ${String(away.length)} people's records moved to their homes`);
  }
  return changed;
}
