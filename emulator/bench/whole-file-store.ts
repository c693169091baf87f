import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The last commit before the journal: its `--data` rewrote the whole file 100 ms after writes. */
export const WHOLE_FILE_COMMIT = 'fe44db335655e1911fdc48496257d6b212edf3c1';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The emulator of `WHOLE_FILE_COMMIT`, extracted from git under node_modules/.cache (so that it
 * resolves this checkout's packages), for the group-commit against whole-file comparison.
 * Returns its CLI's path relative to the repository, or null outside a git checkout.
 */
export function wholeFileStoreCli(): string | null {
  const dir = join('node_modules', '.cache', `emulator-${WHOLE_FILE_COMMIT.slice(0, 8)}`);
  const cli = join(dir, 'emulator', 'src', 'cli.ts');
  if (existsSync(join(ROOT, cli))) return cli;
  try {
    mkdirSync(join(ROOT, dir), { recursive: true });
    const tar = execFileSync('git', ['archive', WHOLE_FILE_COMMIT, 'emulator/src'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', join(ROOT, dir)], { input: tar });
    return cli;
  } catch {
    return null;
  }
}
