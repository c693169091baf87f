/**
 * The databases a move reaches, with admin rights: the directory (instance 0) and each instance
 * `config/instances/urls` names, through the same REST access as the migrations
 * (scripts/migrations/database.ts: the emulator's `owner` token, or a real project's token).
 */
import type { DirectoryReads } from '../../functions/src/mirror';
import type { MigrationDb } from '../migrations/database';
import {
  DEFAULT_INSTANCE,
  parseInstancesConfig,
} from '../../src/lib/firebase/conversations/placement/shapes';

export interface Backends {
  directory: MigrationDb;
  /** Instance `n`'s database; 0 is the directory. Throws for an instance not configured. */
  instance(n: number): MigrationDb;
}

/** The instances of `directory`'s `config/instances`, as the app reads them. */
export async function backendsOf(directory: MigrationDb): Promise<Backends> {
  const config = parseInstancesConfig(await directory.get('config/instances'));
  const opened = new Map<number, MigrationDb>([[DEFAULT_INSTANCE, directory]]);
  return {
    directory,
    instance: (n) => {
      const known = opened.get(n);
      if (known) return known;
      const url = config.urls[n];
      if (n >= config.count || !url)
        throw new Error(
          `Instance ${String(n)} is not configured (config/instances has ${String(config.count)}, URLs for ${Object.keys(config.urls).join(', ') || 'none'})`,
        );
      const db = directory.at(url);
      opened.set(n, db);
      return db;
    },
  };
}

/**
 * The directory as the mirror module reads it (functions/src/mirror.ts). REST here has no
 * indexed query, so `where` reads the tree once per move and filters it: an admin job's cost.
 */
export function directoryReads(directory: MigrationDb): DirectoryReads {
  const trees = new Map<string, Promise<unknown>>();
  return {
    get: (path) => directory.get(path),
    where: async (path, child, value) => {
      let tree = trees.get(path);
      if (!tree) {
        tree = directory.get(path);
        trees.set(path, tree);
      }
      const all = await tree;
      const records = typeof all === 'object' && all !== null ? Object.entries(all) : [];
      return Object.fromEntries(
        records.filter(
          ([, record]) =>
            typeof record === 'object' &&
            record !== null &&
            (record as Record<string, unknown>)[child] === value,
        ),
      );
    },
  };
}
