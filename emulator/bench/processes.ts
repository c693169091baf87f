import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Child {
  proc: ChildProcess;
  port: number;
  rssBytes(): Promise<number>;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** Extra Node flags for every child, e.g. `BENCH_NODE_ARGS=--cpu-prof` to profile the emulator. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Runs a TypeScript entry point in its own Node process (so its memory can be measured alone). */
export function startChild(script: string, args: string[] = []): Promise<Child> {
  const proc = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let ready = false;
    const failed = (code: number | null): void =>
      reject(new Error(`${script} exited with ${String(code)}: ${out}`));
    proc.once('exit', failed);
    const onData = (b: Buffer): void => {
      out += b.toString();
      const m = /listening on [^:]+:(\d+)/.exec(out);
      if (!m || ready) return;
      ready = true;
      proc.off('exit', failed);
      resolve({
        proc,
        port: Number(m[1]),
        rssBytes: () => rssOf(proc.pid ?? 0),
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            proc.once('exit', () => done());
            proc.kill('SIGTERM');
          }),
        kill: () =>
          new Promise<void>((done) => {
            proc.once('exit', () => done());
            proc.kill('SIGKILL');
          }),
      });
    };
    proc.stdout.on('data', onData);
  });
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}
