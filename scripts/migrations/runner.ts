/**
 * Numbered, idempotent data migrations (docs/migrations.md). Each is a file `NNN-name.ts` in
 * this folder exporting `version` (= NNN) and `migrate(db, log)`; the database keeps the version
 * it is at in `meta/schemaVersion` (no rule opens `meta`, so only admin access reads or writes
 * it). Adding a migration is adding its file (and its test): the runner finds it by name.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MigrationDb } from './database';

export const SCHEMA_VERSION_PATH = 'meta/schemaVersion';

/** What a migration file exports. `migrate` returns how many paths it changed (0: nothing to do). */
export interface Migration {
  version: number;
  name: string;
  migrate(db: MigrationDb, log: (line: string) => void): Promise<number>;
}

const folder = dirname(fileURLToPath(import.meta.url));
const FILE = /^(\d{3})-([a-z0-9-]+)\.ts$/;

function migrationFiles(): { version: number; name: string; file: string }[] {
  return readdirSync(folder)
    .map((file) => ({ file, match: FILE.exec(file) }))
    .flatMap(({ file, match }) =>
      match ? [{ version: Number(match[1]), name: match[2], file }] : [],
    )
    .sort((a, b) => a.version - b.version);
}

/** The version a database is at once every migration ran: what a fresh seed writes. */
export function latestSchemaVersion(): number {
  return migrationFiles().at(-1)?.version ?? 0;
}

/** Every migration, in order; a file whose `version` differs from its number is refused. */
export async function loadMigrations(): Promise<Migration[]> {
  const files = migrationFiles();
  files.forEach((entry, i) => {
    if (entry.version !== i + 1)
      throw new Error(`Migrations must be numbered 001, 002, … without gaps: ${entry.file}`);
  });
  return Promise.all(
    files.map(async ({ version, name, file }) => {
      const loaded = (await import(pathToFileURL(join(folder, file)).href)) as Partial<Migration>;
      if (loaded.version !== version || typeof loaded.migrate !== 'function')
        throw new Error(`${file} must export version = ${String(version)} and migrate()`);
      return { version, name, migrate: loaded.migrate };
    }),
  );
}

/** The stored schema version; a database from before the framework is at 0. */
export async function schemaVersion(db: MigrationDb): Promise<number> {
  const stored = await db.get(SCHEMA_VERSION_PATH);
  if (stored === null) return 0;
  if (typeof stored !== 'number' || !Number.isInteger(stored) || stored < 0)
    throw new Error(`${SCHEMA_VERSION_PATH} holds ${JSON.stringify(stored)}, not a version number`);
  return stored;
}

export interface MigrationReport {
  from: number;
  to: number;
  ran: { version: number; name: string; changed: number }[];
}

/**
 * Runs the migrations newer than the stored version, in order, each followed by writing its
 * version (so an interrupted run resumes with the first one not recorded; each is idempotent,
 * so running one again is harmless). A database ahead of this code is refused, never touched.
 */
export async function runMigrations(
  db: MigrationDb,
  log: (line: string) => void = () => undefined,
  migrations?: Migration[],
): Promise<MigrationReport> {
  const all = migrations ?? (await loadMigrations());
  const from = await schemaVersion(db);
  const latest = all.at(-1)?.version ?? 0;
  if (from > latest)
    throw new Error(
      `The database is at schema version ${String(from)}, newer than this code (${String(latest)}): update the code first.`,
    );
  const ran: MigrationReport['ran'] = [];
  for (const migration of all.filter((m) => m.version > from)) {
    log(`Migration ${String(migration.version).padStart(3, '0')}-${migration.name}…`);
    const changed = await migration.migrate(db, log);
    await db.update({ [SCHEMA_VERSION_PATH]: migration.version });
    ran.push({ version: migration.version, name: migration.name, changed });
  }
  return { from, to: Math.max(from, latest), ran };
}
