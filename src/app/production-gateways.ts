import type { AuthApi } from '../lib/firebase/auth';
import type { DatabaseGateways, Gateways } from '../store/gateways';

/**
 * The real gateways, with the database ones filled in by `loadDatabase` (the first sign-in
 * calls it) so that the first screen never downloads the database SDK. Nothing reads them
 * before: only signed-in listeners, thunks and screens use them.
 */
export function productionGateways(auth: AuthApi) {
  let database: DatabaseGateways | null = null;
  const gateways = new Proxy({ auth } as Gateways, {
    get(target, name) {
      if (name === 'auth') return target.auth;
      // Not a gateway: what `await`, inspectors and serialisers probe for.
      if (typeof name === 'symbol' || name === 'then') return undefined;
      if (!database) throw new Error('The database gateways are used before the first sign-in.');
      return database[name as keyof DatabaseGateways];
    },
  });
  const loadDatabase = async (): Promise<void> => {
    database ??= (await import('./database-gateways')).databaseGateways;
  };
  return { gateways, loadDatabase };
}
