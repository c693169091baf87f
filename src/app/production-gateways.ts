import type { AuthApi } from '../lib/firebase/auth';
import type { DatabaseGateways, Gateways } from './gateways';

/**
 * The real gateways, with the database ones filled in by `loadDatabase` (the first sign-in
 * calls it) so that the first screen never downloads the database SDK. Nothing reads them
 * before: only signed-in listeners, thunks and screens use them.
 */
export function productionGateways(auth: AuthApi) {
  let database: DatabaseGateways | null = null;
  const loaded = (): DatabaseGateways => {
    if (!database) throw new Error('The database gateways are used before the first sign-in.');
    return database;
  };
  const gateways: Gateways = {
    auth,
    get relationships() {
      return loaded().relationships;
    },
    get userDirectory() {
      return loaded().userDirectory;
    },
    get groups() {
      return loaded().groups;
    },
    get messages() {
      return loaded().messages;
    },
    get presence() {
      return loaded().presence;
    },
    get pictures() {
      return loaded().pictures;
    },
    get chatImages() {
      return loaded().chatImages;
    },
    get inbox() {
      return loaded().inbox;
    },
    get notifications() {
      return loaded().notifications;
    },
    get settings() {
      return loaded().settings;
    },
    get account() {
      return loaded().account;
    },
  };
  const loadDatabase = async (): Promise<void> => {
    database ??= (await import('./database-gateways')).databaseGateways;
  };
  return { gateways, loadDatabase };
}
