import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  type Database,
} from 'firebase/database';
import { env } from '../../config/env';
import { app } from './app';

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
