import { addAuthListeners } from '../features/auth/auth-listeners';
import { startAppListening, type AppStartListening } from './listener-middleware';

/** Side effects every screen needs: the session mirror. */
export function registerSessionListeners(start: AppStartListening = startAppListening): void {
  addAuthListeners(start);
}

let signedInListeners: Promise<void> | null = null;

/** Loads and registers the signed-in features' listeners, once; a failed load is retried. */
export function loadSignedInListeners(start: AppStartListening = startAppListening): Promise<void> {
  signedInListeners ??= import('./signed-in-listeners')
    .then(({ registerSignedInListeners }) => registerSignedInListeners(start))
    .catch((error: unknown) => {
      signedInListeners = null;
      throw error;
    });
  return signedInListeners;
}
