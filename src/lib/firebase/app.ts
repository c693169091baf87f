import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { env } from '../../config/env';

/**
 * The one Firebase app of the page and its Auth. Emulator wiring happens here and in
 * database.ts and nowhere else, so the rest of the code cannot tell a local backend from a
 * real project. The database SDK lives in database.ts so the first screen does not load it.
 */
function init(): { app: FirebaseApp; auth: Auth } {
  const app = initializeApp(env.firebase);
  const auth = getAuth(app);
  if (env.emulators) {
    connectAuthEmulator(auth, `http://${env.emulators.auth.host}:${env.emulators.auth.port}`, {
      disableWarnings: true,
    });
  }
  return { app, auth };
}

export const { app, auth } = init();
