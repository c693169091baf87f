/**
 * One `npm start` under the soak's control: its own process group (as `setsid npm start`),
 * its own ports and data folder, and a check that nothing of it outlives a stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../stack/paths';
import { isAlive } from '../stack/lock';
import { freePort, isPortFree } from '../stack/ports';

export interface SoakEnv {
  dir: string;
  ports: { auth: number; db: number; app: number };
}

/** A fresh data folder and free ports for one soak, and the hosts its clients reach. */
export async function newSoakEnv(prefix: string) {
  const env: SoakEnv = {
    dir: mkdtempSync(join(tmpdir(), prefix)),
    ports: { auth: await freePort(), db: await freePort(), app: await freePort() },
  };
  const hosts = {
    authHost: `127.0.0.1:${env.ports.auth}`,
    dbHost: `127.0.0.1:${env.ports.db}`,
    ns: 'demo-chat-default-rtdb',
  };
  return { env, hosts, dir: env.dir };
}

export interface RunningStack {
  child: ChildProcess;
  output: string[];
}

/** The environment a developer's shell would give `npm start` (not a test runner's). */
function launcherEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  );
}

export async function startStack(env: SoakEnv, timeoutMs = 120_000): Promise<RunningStack> {
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...launcherEnv(),
      LOCAL_DIR: env.dir,
      // If this process dies (a cancelled test run), the stack stops instead of running on.
      STACK_PARENT_PID: String(process.pid),
      AUTH_PORT: String(env.ports.auth),
      DB_PORT: String(env.ports.db),
      APP_PORT: String(env.ports.app),
    },
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (line.includes('App ready')) resolve();
      });
    }
    child.once('exit', () => reject(new Error(`npm start exited early:\n${output.join('\n')}`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`npm start not ready:\n${output.join('\n')}`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (err) {
    killLeftovers(env.dir);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return { child, output };
}

/** Pids of every process started with this data folder (the launcher's children inherit it). */
export function stackProcesses(dir: string): number[] {
  const needle = `LOCAL_DIR=${dir}\0`;
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${name}/environ`, 'latin1')}\0`.includes(needle)) pids.push(pid);
    } catch {
      // Gone meanwhile, or not ours.
    }
  }
  return pids;
}

export function killLeftovers(dir: string): void {
  for (const pid of stackProcesses(dir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Waits until no process of the stack is left and its ports are free. Returns the time to both,
 * and to the ports alone (what a developer waits for before starting again).
 */
/** The pid named in the data folder's `stack.lock`, if any. */
function lockHolder(dir: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(join(dir, 'stack.lock'), 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function waitStackGone(env: SoakEnv, since: number, timeoutMs = 30_000) {
  let portsFreeMs: number | undefined;
  for (;;) {
    const left = stackProcesses(env.dir);
    // A launcher being torn down has no readable environ yet still holds the lock: wait for it too.
    const holder = lockHolder(env.dir);
    if (holder !== undefined && isAlive(holder) && !left.includes(holder)) left.push(holder);
    const busy = [];
    for (const port of Object.values(env.ports)) if (!(await isPortFree(port))) busy.push(port);
    if (busy.length === 0) portsFreeMs ??= Date.now() - since;
    if (left.length === 0 && portsFreeMs !== undefined)
      return { ms: Date.now() - since, portsFreeMs };
    if (Date.now() - since > timeoutMs) return { ms: Date.now() - since, portsFreeMs, left, busy };
    await new Promise((r) => setTimeout(r, 50));
  }
}
