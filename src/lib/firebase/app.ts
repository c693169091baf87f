import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { env } from '../../config/env';

/**
 * The one Firebase app of the page and its Auth. Emulator wiring happens here and in
 * database.ts and nowhere else, so the rest of the code cannot tell a local backend from a
 * real project. The database SDK lives in database.ts so the first screen does not load it.
 */
function init(): { app: FirebaseApp; auth: Auth } {
  const app = initializeApp(env.firebase);
  // Only the persistence the app uses, and no popup machinery until 'Login with Google' asks
  // for it (auth.ts passes the resolver then): getAuth() would bundle and start all of them.
  const auth = initializeAuth(app, {
    persistence: browserLocalPersistence,
    popupRedirectResolver: undefined,
  });
  if (env.emulators) {
    connectAuthEmulator(auth, `http://${env.emulators.auth.host}:${env.emulators.auth.port}`, {
      disableWarnings: true,
    });
  }
  return { app, auth };
}

export const { app, auth } = init();
