/** A Firebase SDK app of its own, wired to the local Auth and Database emulators. */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { databaseRestUrl, type RestUrl } from '../../src/lib/firebase/database-rest';
import type { AdminTarget } from './admin';

/** `name` tells apps apart: each one is a separate client, as a second browser would be. */
export function connectEmulatorApp(
  target: AdminTarget,
  name: string,
): { app: FirebaseApp; auth: Auth; db: Database; restUrlOf: () => RestUrl } {
  const databaseURL = `https://${target.dbNamespace}.firebaseio.com`;
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: target.projectId, databaseURL },
    name,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${target.authHost}`, { disableWarnings: true });
  const db = getDatabase(app);
  const [host, port] = target.dbHost.split(':');
  connectDatabaseEmulator(db, host, Number(port));
  const restUrl = databaseRestUrl(databaseURL, { host, port: Number(port) });
  // One instance: every conversation is on `db`.
  return { app, auth, db, restUrlOf: () => restUrl };
}
