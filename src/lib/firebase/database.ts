import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  type Database,
} from 'firebase/database';
import { env } from '../../config/env';
import type { Auth } from 'firebase/auth';
import { app, auth } from './app';
import { databaseRestUrl, type RestUrl } from './database-rest';

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

/**
 * What the database gateways are made of: a database, the Auth instance of the same app, and
 * the database's REST address (a file's chunks go that way).
 */
export interface FirebaseClient {
  db: Database;
  auth: Auth;
  restUrl: RestUrl;
}

/** The app's own client (src/app/database-gateways.ts makes the gateways from it). */
export const appClient: FirebaseClient = {
  db,
  auth,
  restUrl: databaseRestUrl(env.firebase.databaseURL, env.emulators?.database ?? null),
};
