/** What the SDK benches share: a named SDK client on the local emulator, and percentiles. */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline } from 'firebase/database';

/** An SDK app of its own (`name` must be unique while it lives) on namespace `ns`. */
export function sdkClient(port: number, name: string, ns = 'bench') {
  const app = initializeApp(
    { projectId: 'bench', databaseURL: `https://${ns}.firebaseio.com` },
    name,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', port);
  return {
    db,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

/** The p-th percentile of ascending `sorted` (NaN when it is empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
