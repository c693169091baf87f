// @vitest-environment node
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../scripts/stack/lock';

/**
 * A child that exits only once its parent has become `sleep`, which never reaps it: a zombie
 * until `stop`. (Exiting earlier, the shell could reap it before its `exec`, at any load.)
 */
function zombie(): Promise<{ pid: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = 'until [ "$(cat /proc/$$/comm)" = sleep ]; do sleep 0.05; done';
    const shell = spawn('sh', ['-c', `(${child}) & echo $!; exec sleep 60`], { stdio: 'pipe' });
    shell.on('error', reject);
    shell.stdout.once('data', (chunk: Buffer) => {
      const pid = Number(String(chunk).trim());
      resolve({ pid, stop: () => shell.kill('SIGKILL') });
    });
  });
}

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
};

describe.runIf(process.platform === 'linux')("the stack lock's liveness check", () => {
  it('counts a running process as alive and an exited, unreaped one (a zombie) as gone', async () => {
    expect(isAlive(process.pid)).toBe(true);
    const { pid, stop } = await zombie();
    try {
      await expect.poll(() => state(pid), { timeout: 20_000 }).toBe('Z');
      expect(isAlive(pid)).toBe(false);
    } finally {
      stop();
    }
  });
});
