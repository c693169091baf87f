/**
 * How a directory's client opens another database instance, told once by whoever made the
 * client (src/lib/firebase/database.ts): kept apart from the placements so that telling it
 * loads nothing.
 */
import type { Database } from 'firebase/database';
import type { DatabaseRest } from '../../database-rest';

/** Opens the database at `url` on the directory's app (and its emulator, locally). */
export type DatabaseAt = (url: string) => Database;

/** The REST address of the instance at `url`, as the directory's signed-in user. */
export type RestAt = (url: string) => DatabaseRest;

/** Times a test shortens (docs/scaling.md, "The directory in the slot"); the app's by default. */
export interface ConnectionTimes {
  /** How long the slot stays open unused (30 s). */
  idleMs?: number;
  /** How often the directory is looked at without a hint (15 min). */
  directoryLookMs?: number;
}

/**
 * The browser's storage key a browser test sets, before the app loads, to a JSON of
 * ConnectionTimes (src/lib/firebase/database.ts honours it on the emulators only).
 */
export const CONNECTION_TIMES_KEY = 'chat.emulator.connectionTimes';

const connectors = new WeakMap<Database, DatabaseAt>();
const rests = new WeakMap<Database, RestAt>();
const times = new WeakMap<Database, ConnectionTimes>();

/**
 * Tells the placements of `directory` how to open another instance's database, and how to
 * reach it over REST: slot work goes that way when the three connections are taken
 * (docs/scaling.md, "Bounded connections"). A directory without `databaseAt` reaches its own
 * (the default) instance only, and says so for any other; one without `restAt` opens a
 * connection for slot work even when three are open.
 */
export function connectInstances(
  directory: Database,
  databaseAt: DatabaseAt,
  restAt?: RestAt,
  timing: ConnectionTimes = {},
): void {
  connectors.set(directory, databaseAt);
  if (restAt) rests.set(directory, restAt);
  times.set(directory, timing);
}

export const connectorOf = (directory: Database): DatabaseAt | undefined =>
  connectors.get(directory);

export const restConnectorOf = (directory: Database): RestAt | undefined => rests.get(directory);

export const timesOf = (directory: Database): ConnectionTimes => times.get(directory) ?? {};
