import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  type Database,
} from 'firebase/database';
import { env } from '../../config/env';
import type { Auth } from 'firebase/auth';
import { app, auth } from './app';
import {
  connectInstances,
  CONNECTION_TIMES_KEY,
  type ConnectionTimes,
} from './conversations/shapes';
import { databaseRestUrl, signedInRest, type RestUrl } from './database-rest';

function init(): Database {
  const db = getDatabase(app);
  if (env.emulators) {
    // The local RTDB emulator speaks WebSocket only; without this the browser SDK may
    // fall back to long polling after one failed connection and never upgrade.
    forceWebSockets();
    connectDatabaseEmulator(db, env.emulators.database.host, env.emulators.database.port);
  }
  return db;
}

/** Imported only by the gateways, which load with the signed-in screens. */
export const db: Database = init();

const instances = new Map<string, Database>();
const emulatorHost = env.emulators?.database ?? null;
const restUrls = new Map<Database, RestUrl>([
  [db, databaseRestUrl(env.firebase.databaseURL, emulatorHost)],
]);

/**
 * Another database instance of the project by its URL (`config/instances/urls`), on the same
 * app and, locally, the same emulator: the emulator serves each instance as its own namespace,
 * named by the URL as the official emulator does.
 */
function databaseAt(url: string): Database {
  const known = instances.get(url);
  if (known) return known;
  const instance = getDatabase(app, url);
  if (env.emulators) {
    connectDatabaseEmulator(instance, env.emulators.database.host, env.emulators.database.port);
  }
  instances.set(url, instance);
  restUrls.set(instance, databaseRestUrl(url, emulatorHost));
  return instance;
}

/**
 * The slot's idle time and the directory's periodic look a browser test asks for
 * (docs/scaling.md, "The directory in the slot"): 30 s and 15 min are longer than a test's
 * steps, so without this no browser suite sees the directory closed. Read once at start and
 * honoured on the emulators only: a build for a real project (VITE_USE_EMULATORS=false) drops
 * it whole, its value known at build time.
 */
function emulatorTimes(): ConnectionTimes {
  if (import.meta.env.VITE_USE_EMULATORS === 'false' || !env.emulators) return {};
  try {
    const asked = JSON.parse(localStorage.getItem(CONNECTION_TIMES_KEY) ?? '{}') as unknown;
    const times: ConnectionTimes = {};
    if (typeof asked !== 'object' || asked === null) return times;
    const { idleMs, directoryLookMs } = asked as Record<string, unknown>;
    if (typeof idleMs === 'number' && idleMs > 0) times.idleMs = idleMs;
    if (typeof directoryLookMs === 'number' && directoryLookMs > 0) {
      times.directoryLookMs = directoryLookMs;
    }
    return times;
  } catch {
    // No storage here (Node, a locked-down browser) or no JSON: the app's own times.
    return {};
  }
}

// Conversations placed on another instance are reached through the directory's placements,
// over REST when the three connections are taken (docs/scaling.md, "Bounded connections").
connectInstances(
  db,
  databaseAt,
  (url) => signedInRest(databaseRestUrl(url, emulatorHost), auth),
  emulatorTimes(),
);

/**
 * What the database gateways are made of: a database, the Auth instance of the same app, and
 * the REST address of each of its instances (a file's chunks go that way).
 */
export interface FirebaseClient {
  db: Database;
  auth: Auth;
  /** The REST address of `instance` (`db` or one it routes a conversation to). */
  restUrlOf: (instance: Database) => RestUrl;
}

/** The app's own client (src/app/database-gateways.ts makes the gateways from it). */
export const appClient: FirebaseClient = {
  db,
  auth,
  restUrlOf: (instance) => {
    const url = restUrls.get(instance);
    if (!url) throw new Error('That database instance was not opened by this app');
    return url;
  },
};
