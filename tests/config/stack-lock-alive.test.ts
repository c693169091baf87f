// @vitest-environment node
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../scripts/stack/lock';

/**
 * A child that exits at once under a parent that never reaps it: a zombie until `stop` (the
 * parent sleeps 60 s, long enough for a loaded machine to start both).
 */
function zombie(): Promise<{ pid: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const shell = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: 'pipe' });
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
