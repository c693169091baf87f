/** A Firebase SDK app of its own, wired to the local Auth and Database emulators. */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { connectInstances } from '../../src/lib/firebase/conversations/shapes';
import { databaseRestUrl, signedInRest, type RestUrl } from '../../src/lib/firebase/database-rest';
import type { AdminTarget } from './admin';

/**
 * `name` tells apps apart: each one is a separate client, as a second browser would be. Like the
 * app's (src/lib/firebase/database.ts), it opens another instance by its URL on the same
 * emulator, which serves it as the namespace the URL names.
 */
export function connectEmulatorApp(
  target: AdminTarget,
  name: string,
): {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
  restUrlOf: (instance?: Database) => RestUrl;
} {
  const databaseURL = `https://${target.dbNamespace}.firebaseio.com`;
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: target.projectId, databaseURL },
    name,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${target.authHost}`, { disableWarnings: true });
  const [host = '127.0.0.1', port] = target.dbHost.split(':');
  const emulator = { host, port: Number(port) };
  const db = getDatabase(app);
  connectDatabaseEmulator(db, host, emulator.port);
  const restUrl = databaseRestUrl(databaseURL, emulator);
  const opened = new Map<string, Database>();
  const restUrls = new Map<Database, RestUrl>([[db, restUrl]]);
  connectInstances(
    db,
    (url) => {
      const known = opened.get(url);
      if (known) return known;
      const instance = getDatabase(app, url);
      connectDatabaseEmulator(instance, host, emulator.port);
      opened.set(url, instance);
      restUrls.set(instance, databaseRestUrl(url, emulator));
      return instance;
    },
    (url) => signedInRest(databaseRestUrl(url, emulator), auth),
  );
  return {
    app,
    auth,
    db,
    restUrlOf: (instance = db) => {
      const url = restUrls.get(instance);
      if (!url) throw new Error('That database instance was not opened by this client');
      return url;
    },
  };
}
