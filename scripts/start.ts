/**
 * `npm start`: the whole local stack in one command. Auth emulator + database emulator
 * (ours, or the official one with --official) + demo data + Vite. Ctrl-C stops everything.
 *
 *   npm start                 local stack, data kept in .local/
 *   npm start -- --official   firebase-tools' Java 21 RTDB emulator instead of ours
 *   npm start -- --fresh      forget local data and seed again
 * Ports: AUTH_PORT (9099), DB_PORT (9000), APP_PORT (5173).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { describeDemoAccounts, seedIfEmpty } from './seed';
import { startBackend, type Backend } from './stack/backend';
import { localDir, repoRoot, requireInstalled } from './stack/paths';
import { assertPortsFree } from './stack/ports';
import { stopAll } from './stack/process';

const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-chat';
const host = '127.0.0.1';
const flags = new Set(process.argv.slice(2));
const official = flags.has('--official');

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${process.env[name] ?? ''}"`);
  }
  return value;
}

let backend: Backend | undefined;
let vite: ViteDevServer | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nStopping…');
    const closing: Array<Promise<void>> = [];
    if (vite) closing.push(vite.close());
    if (backend) closing.push(backend.stop());
    await Promise.allSettled(closing);
    await stopAll();
  }
  process.exit(code);
}

async function main() {
  requireInstalled();
  const ports = {
    auth: port('AUTH_PORT', 9099),
    db: port('DB_PORT', 9000),
    app: port('APP_PORT', 5173),
  };
  await assertPortsFree([
    { port: ports.auth, what: 'Auth emulator', env: 'AUTH_PORT' },
    { port: ports.db, what: 'database emulator', env: 'DB_PORT' },
    { port: ports.app, what: 'Vite dev server', env: 'APP_PORT' },
  ]);
  if (flags.has('--fresh')) rmSync(localDir, { recursive: true, force: true });
  mkdirSync(localDir, { recursive: true });

  console.log(
    `Starting the Auth emulator and the ${official ? 'official' : 'local'} database emulator…`,
  );
  backend = await startBackend({
    projectId,
    host,
    authPort: ports.auth,
    dbPort: ports.db,
    rulesFile: join(repoRoot, 'database.rules.json'),
    official,
    dataFile: join(localDir, 'database.json'),
    authPersistDir: join(localDir, 'auth'),
    officialPersistDir: join(localDir, 'official'),
    log: process.env.DEBUG_EMULATORS ? (line) => console.log(`  ${line}`) : undefined,
  });
  const seeded = await seedIfEmpty(backend);
  console.log(seeded === 'seeded' ? 'Demo data seeded.' : 'Existing local data kept.');

  process.env.VITE_FIREBASE_PROJECT_ID = projectId;
  process.env.VITE_USE_EMULATORS = 'true';
  process.env.VITE_AUTH_EMULATOR_HOST = backend.authHost;
  process.env.VITE_DATABASE_EMULATOR_HOST = backend.dbHost;
  vite = await createServer({
    root: repoRoot,
    server: { port: ports.app, strictPort: true, host },
    logLevel: 'warn',
  });
  await vite.listen();
  console.log(`\n${describeDemoAccounts()}\n`);
  console.log(`Auth emulator      http://${backend.authHost}`);
  console.log(`Database emulator  http://${backend.dbHost}  (namespace ${backend.dbNamespace})`);
  console.log(`\n  App ready:  http://${host}:${ports.app}/\n\nPress Ctrl-C to stop.`);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
main().catch(async (err: unknown) => {
  console.error(`\n✖ ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
});
