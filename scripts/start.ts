/**
 * `npm start`: the whole local stack in one command. Auth emulator + database emulator
 * (ours, or the official one with --official) serving CHATTY_INSTANCES database instances, with
 * the mirror process between them + demo data + Vite.
 *
 *   npm start                 local stack, data kept in .local/ (LOCAL_DIR moves it)
 *   npm start -- --official   firebase-tools' Java 21 RTDB emulator instead of ours
 *   npm start -- --fresh      forget local accounts and data and seed again
 * Ports: AUTH_PORT (9099), DB_PORT (9000), APP_PORT (5173).
 *
 * This process owns the shutdown: Ctrl-C, SIGTERM and SIGHUP all go through `shutdown()`, which
 * exits only once Vite and both emulators have stopped (accounts exported, data flushed). If it
 * is killed outright, the emulators notice their parent is gone and stop themselves. `npm start`
 * execs this process (package.json), so a signal sent to the npm process alone (an IDE's stop
 * button, a process manager) is forwarded here; if npm itself is killed outright, we stop too.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { watchParent } from '../emulator/src/parent-watch';
import { migrateLocalData } from './migrations';
import { describeDemoAccounts, seedIfEmpty } from './seed';
import { startBackend, type Backend } from './stack/backend';
import {
  instanceCount,
  instanceNamespace,
  startInstances,
  type RunningInstances,
} from './stack/instances';
import { acquireLock, type StackLock } from './stack/lock';
import { watchNpmLauncher } from './stack/launcher-watch';
import { localDir, repoRoot, requireInstalled } from './stack/paths';
import { assertPortsFree } from './stack/ports';
import { spawnListeners, stopAll } from './stack/process';
import { startViteServer, type DevServer } from './stack/vite-server';

const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-chat';
const host = '127.0.0.1';
const known = new Set(['--official', '--fresh']);
const flags = new Set(process.argv.slice(2));
const official = flags.has('--official');

// After SIGHUP the terminal is gone: writing to it must not crash the shutdown.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
const say = (line: string) => console.log(line);

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${process.env[name] ?? ''}"`);
  }
  return value;
}

let lock: StackLock | undefined;
let backend: Backend | undefined;
let instances: RunningInstances | undefined;
let vite: DevServer | undefined;
let stopping: Promise<void> | undefined;
/** A function, not the variable: a signal may start the shutdown while main() awaits. */
const shuttingDown = () => stopping !== undefined;

async function shutdown(code: number): Promise<never> {
  // Refused before anything started (e.g. another stack holds the lock): nothing to stop.
  const held = lock;
  if (!held) process.exit(code);
  stopping ??= (async () => {
    say('\nStopping…');
    const started = Date.now();
    held.update('stopping');
    instances?.stop();
    await Promise.allSettled([vite?.close(), backend?.stop()]);
    await stopAll(); // Whatever was still starting.
    held.release();
    say(`Stopped in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  })();
  await stopping;
  process.exit(code);
}

/** `--fresh`: the stack's saved accounts and data only (not test reports or the lock). */
function forgetLocalData() {
  for (const name of readdirSync(localDir)) {
    if (name === 'auth' || name === 'official' || name.startsWith('database')) {
      rmSync(join(localDir, name), { recursive: true, force: true });
    }
  }
  rmSync(join(localDir, 'run', 'firebase-work'), { recursive: true, force: true });
}

async function main() {
  const unknown = [...flags].filter((f) => !known.has(f));
  if (unknown.length > 0) {
    throw new Error(`Unknown option ${unknown.join(' ')}. Options: ${[...known].join(', ')}.`);
  }
  requireInstalled();
  const count = instanceCount();
  const ports = {
    auth: port('AUTH_PORT', 9099),
    db: port('DB_PORT', 9000),
    app: port('APP_PORT', 5173),
  };
  mkdirSync(localDir, { recursive: true });
  lock = await acquireLock(localDir, say);
  const children: number[] = [];
  spawnListeners.add((pid) => {
    children.push(pid);
    lock?.update('starting', children);
  });
  await assertPortsFree([
    { port: ports.auth, what: 'Auth emulator', env: 'AUTH_PORT' },
    { port: ports.db, what: 'database emulator', env: 'DB_PORT' },
    { port: ports.app, what: 'Vite dev server', env: 'APP_PORT' },
  ]);
  if (flags.has('--fresh')) forgetLocalData();

  say(`Starting the Auth emulator and the ${official ? 'official' : 'local'} database emulator…`);
  backend = await startBackend({
    projectId,
    host,
    authPort: ports.auth,
    dbPort: ports.db,
    rulesFile: join(repoRoot, 'database.rules.json'),
    official,
    instances: count,
    dataFile: join(localDir, 'database.json'),
    authPersistDir: join(localDir, 'auth'),
    officialPersistDir: join(localDir, 'official'),
    log: process.env.DEBUG_EMULATORS ? (line) => say(`  ${line}`) : undefined,
  });
  if (shuttingDown()) return;
  // The instances first: the migrations read their configuration (008 spreads saved data over
  // them) and the mirror copies what the seed and the migrations place on them.
  instances = await startInstances(backend, count, say);
  if (shuttingDown()) return;
  const seeding = await seedIfEmpty(backend, count);
  if (seeding.kind === 'mismatch') say(`\n⚠ ${seeding.message}\n`);
  else say(seeding.kind === 'seeded' ? 'Demo data seeded.' : 'Existing local data kept.');
  // Existing data written by an older version is brought to the current schema before serving.
  const migrated = await migrateLocalData(backend, (line) => say(line));
  if (migrated?.ran.length) say(`Local data migrated to schema version ${String(migrated.to)}.`);
  if (shuttingDown()) return;
  if (!(await instances.landed())) {
    say('Some mirrors had not landed after 30 s; clients wait for them as they arrive.');
  }
  if (shuttingDown()) return;

  process.env.VITE_FIREBASE_PROJECT_ID = projectId;
  process.env.VITE_USE_EMULATORS = 'true';
  process.env.VITE_AUTH_EMULATOR_HOST = backend.authHost;
  process.env.VITE_DATABASE_EMULATOR_HOST = backend.dbHost;
  vite = await startViteServer({ root: repoRoot, host, port: ports.app });
  if (shuttingDown()) return;
  lock.update('running');
  if (seeding.kind !== 'mismatch') say(`\n${describeDemoAccounts()}\n`);
  say(`Auth emulator      http://${backend.authHost}`);
  const directory = backend;
  const others = Array.from({ length: instances.count - 1 }, (_, i) =>
    instanceNamespace(directory, i + 1),
  );
  say(
    `Database emulator  http://${backend.dbHost}  (namespace ${backend.dbNamespace}` +
      (others.length ? `, the directory; the other instances: ${others.join(', ')})` : ')'),
  );
  say(`\n  App ready:  http://${host}:${ports.app}/\n\nPress Ctrl-C to stop.`);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(0));
}
// A harness that starts us (the soak test) can ask us to stop when it disappears.
const harness = Number(process.env.STACK_PARENT_PID ?? 0);
if (harness > 0) watchParent(harness, () => void shutdown(0));
// Started by `npm start` and npm killed outright: stop as if it had forwarded a signal.
watchNpmLauncher(() => void shutdown(0));
main().catch(async (err: unknown) => {
  if (shuttingDown()) return; // A start cut short by a signal: shutdown() reports and exits.
  console.error(`\n✖ ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
});
