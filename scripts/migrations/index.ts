/**
 * `npm start`'s step before serving: bring existing local data to the current schema
 * (scripts/migrations/runner.ts). An empty database is left alone: the seed writes the version.
 */
import type { AdminTarget } from '../stack/admin';
import { emulatorDb } from './database';
import { runMigrations, type MigrationReport } from './runner';

export async function migrateLocalData(
  target: AdminTarget,
  log: (line: string) => void = () => undefined,
): Promise<MigrationReport | null> {
  const db = emulatorDb(target);
  if ((await db.get('/', { shallow: true })) === null) return null;
  return runMigrations(db, log);
}
