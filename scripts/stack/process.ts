import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or null when killed by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const running = new Set<ManagedProcess>();

/** Called with each child's pid as soon as it exists (the launcher records them in its lock). */
export const spawnListeners = new Set<(pid: number) => void>();

/**
 * Spawns a child in its own process group, so that stopping it also stops whatever it started
 * (firebase-tools starts helpers) and nothing is left behind.
 */
export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; onLine?: (line: string) => void } = {},
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid !== undefined) for (const listener of spawnListeners) listener(child.pid);
  const onLine = options.onLine ?? (() => undefined);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', onLine);
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  const managed: ManagedProcess = {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      signalGroup(child.pid, 'SIGINT');
      const timer = setTimeout(() => {
        if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      }, 15_000);
      await exited;
      clearTimeout(timer);
      // The leader may exit before its helpers; make sure the whole group is gone.
      signalGroup(child.pid, 'SIGKILL');
    },
  };
  running.add(managed);
  void exited.then(() => running.delete(managed));
  return managed;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every process this module started, newest first. */
export async function stopAll(): Promise<void> {
  const all = [...running].reverse();
  await Promise.all(all.map((p) => p.stop()));
}

/**
 * Last resort on an abrupt exit of the parent: no wait is possible here, so ask each child to
 * stop on its own (SIGINT lets it save its data); they also watch for this process to go.
 */
process.once('exit', () => {
  for (const p of running) if (p.child.pid !== undefined) signalGroup(p.child.pid, 'SIGINT');
});
