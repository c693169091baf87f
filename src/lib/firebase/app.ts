import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  type Database,
} from 'firebase/database';
import { env } from '../../config/env';

/**
 * The one Firebase app of the page. Emulator wiring happens here and nowhere else, so the
 * rest of the code cannot tell a local backend from a real project.
 */
function init(): { app: FirebaseApp; auth: Auth; db: Database } {
  const app = initializeApp(env.firebase);
  const auth = getAuth(app);
  const db = getDatabase(app);
  if (env.emulators) {
    // The local RTDB emulator speaks WebSocket only; without this the browser SDK may
    // fall back to long polling after one failed connection and never upgrade.
    forceWebSockets();
    connectAuthEmulator(auth, `http://${env.emulators.auth.host}:${env.emulators.auth.port}`, {
      disableWarnings: true,
    });
    connectDatabaseEmulator(db, env.emulators.database.host, env.emulators.database.port);
  }
  return { app, auth, db };
}

export const { app, auth, db } = init();
