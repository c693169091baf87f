/**
 * One `npm start` per data folder. The lock file names the launcher and its emulators, so a
 * second start can tell "running", "stopping" and "crashed, emulators still saving" apart.
 */
import { openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';

interface LockState {
  pid: number;
  state: 'starting' | 'running' | 'stopping';
  children: number[];
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * An exited process nobody has reaped yet still answers `kill(pid, 0)`. Containers whose PID 1
 * does not reap orphans keep such zombies for good, and a killed stack's launcher would then
 * hold its lock forever.
 */
function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) S ..."; comm may hold spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // No /proc (not Linux), or gone meanwhile: kill() said it is there.
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function read(file: string): LockState | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockState;
  } catch {
    return undefined;
  }
}

export interface StackLock {
  update(state: LockState['state'], children?: number[]): void;
  release(): void;
}

/** Takes the lock, waiting (up to `waitMs`) for a stack that is stopping; refuses a running one. */
export async function acquireLock(
  dir: string,
  say: (line: string) => void,
  waitMs = 60_000,
): Promise<StackLock> {
  const file = join(dir, 'stack.lock');
  const deadline = Date.now() + waitMs;
  let told = '';
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const held = read(file);
    let waiting: string | undefined;
    if (held && isAlive(held.pid)) {
      if (held.state === 'running' || held.state === 'starting') {
        throw new Error(
          `Another \`npm start\` (pid ${held.pid}) is already using ${dir}. ` +
            `Stop it first (Ctrl-C in its terminal, or \`kill ${held.pid}\`).`,
        );
      }
      waiting = `The previous \`npm start\` (pid ${held.pid}) is still stopping; waiting for it…`;
    } else if (held?.children.some(isAlive)) {
      waiting =
        'The previous `npm start` ended abruptly; waiting for its emulators to save and exit…';
    } else {
      rmSync(file, { force: true }); // Stale: its owner and emulators are gone.
      continue;
    }
    if (waiting !== told) say((told = waiting));
    if (Date.now() > deadline)
      throw new Error(`${waiting.replace(/;.*$/, '')} after ${waitMs} ms.`);
    await sleep(250);
  }
  const state: LockState = { pid: process.pid, state: 'starting', children: [] };
  const write = () => writeFileSync(file, JSON.stringify(state));
  write();
  return {
    update(next, children) {
      state.state = next;
      if (children) state.children = children;
      write();
    },
    release() {
      if (read(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
