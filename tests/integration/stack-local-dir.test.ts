/**
 * The local data folder's guards: one `npm start` per folder, and an
 * interrupted firebase-tools export put back instead of lost or left lying around.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverInterruptedExport } from '../../scripts/stack/export-recovery';
import { acquireLock } from '../../scripts/stack/lock';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'chat-local-'));
  dirs.push(dir);
  return dir;
}
const sleeper = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the stack lock', () => {
  it('refuses a second start while the first is running, naming its pid', async () => {
    const dir = tempDir();
    const other = sleeper();
    writeFileSync(
      join(dir, 'stack.lock'),
      JSON.stringify({ pid: other.pid, state: 'running', children: [] }),
    );
    await expect(acquireLock(dir, () => undefined)).rejects.toThrow(
      `Another \`npm start\` (pid ${other.pid}) is already using`,
    );
    other.kill();
  });

  it('waits while the previous start is stopping, then takes over', async () => {
    const dir = tempDir();
    const other = sleeper();
    const lockFile = join(dir, 'stack.lock');
    writeFileSync(lockFile, JSON.stringify({ pid: other.pid, state: 'stopping', children: [] }));
    const said: string[] = [];
    const taking = acquireLock(dir, (line) => said.push(line));
    await new Promise((r) => setTimeout(r, 600));
    expect(said).toEqual([
      `The previous \`npm start\` (pid ${other.pid}) is still stopping; waiting for it…`,
    ]);
    other.kill();
    const lock = await taking;
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over the lock of a start that died with its emulators', async () => {
    const dir = tempDir();
    const gone = sleeper();
    gone.kill('SIGKILL');
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(
      join(dir, 'stack.lock'),
      JSON.stringify({ pid: gone.pid, state: 'running', children: [gone.pid] }),
    );
    const lock = await acquireLock(dir, () => undefined);
    lock.release();
  });
});

describe('an interrupted account export', () => {
  it('is put back when the saved export is missing, and unfinished ones are dropped', () => {
    const root = tempDir();
    const persist = join(root, 'auth');
    const work = join(root, 'work');
    const complete = join(work, 'firebase-export-1700000000000abc');
    const partial = join(work, 'firebase-export-1700000000001def');
    mkdirSync(join(complete, 'auth_export'), { recursive: true });
    writeFileSync(join(complete, 'firebase-export-metadata.json'), '{}');
    writeFileSync(join(complete, 'auth_export', 'accounts.json'), '{"users":[]}');
    mkdirSync(partial, { recursive: true });
    expect(recoverInterruptedExport(persist, work)).toBe(complete);
    expect(readFileSync(join(persist, 'auth_export', 'accounts.json'), 'utf8')).toBe(
      '{"users":[]}',
    );
    expect(existsSync(complete) || existsSync(partial)).toBe(false);
  });

  it('keeps the saved export over an older leftover, and takes a newer one', () => {
    const root = tempDir();
    const persist = join(root, 'auth');
    const work = join(root, 'work');
    const metadata = (dir: string, text: string, secondsAgo: number) => {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'firebase-export-metadata.json');
      writeFileSync(file, text);
      const at = Date.now() / 1000 - secondsAgo;
      utimesSync(file, at, at);
    };
    metadata(persist, '{"saved":true}', 10);
    const older = join(work, 'firebase-export-1700000000000abc');
    metadata(older, '{"older":true}', 20);
    expect(recoverInterruptedExport(persist, work)).toBeUndefined();
    expect(readFileSync(join(persist, 'firebase-export-metadata.json'), 'utf8')).toBe(
      '{"saved":true}',
    );
    expect(existsSync(older)).toBe(false);
    const newer = join(work, 'firebase-export-1700000000002xyz');
    metadata(newer, '{"newer":true}', 1);
    expect(recoverInterruptedExport(persist, work)).toBe(newer);
    expect(readFileSync(join(persist, 'firebase-export-metadata.json'), 'utf8')).toBe(
      '{"newer":true}',
    );
  });
});
