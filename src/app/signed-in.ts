import type { AppStartListening } from '../store/store';

/**
 * Loads the signed-in features (their listeners, and with `loadDatabase` the database SDK)
 * and registers their listeners, once per store; a failed load is retried on the next call.
 */
export function signedInLoader(start: AppStartListening, loadDatabase: () => Promise<void>) {
  let loading: Promise<void> | null = null;
  return (): Promise<void> => {
    loading ??= Promise.all([import('./signed-in-listeners'), loadDatabase()])
      .then(([{ registerSignedInListeners }]) => registerSignedInListeners(start))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}
