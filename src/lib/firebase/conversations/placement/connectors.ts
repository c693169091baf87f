/**
 * How a directory's client opens another database instance, told once by whoever made the
 * client (src/lib/firebase/database.ts): kept apart from the placements so that telling it
 * loads nothing.
 */
import type { Database } from 'firebase/database';

/** Opens the database at `url` on the directory's app (and its emulator, locally). */
export type DatabaseAt = (url: string) => Database;

const connectors = new WeakMap<Database, DatabaseAt>();

/**
 * Tells the placements of `directory` how to open another instance's database. A directory
 * without one reaches its own (the default) instance only, and says so for any other.
 */
export function connectInstances(directory: Database, databaseAt: DatabaseAt): void {
  connectors.set(directory, databaseAt);
}

export const connectorOf = (directory: Database): DatabaseAt | undefined =>
  connectors.get(directory);
