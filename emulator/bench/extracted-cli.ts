import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The emulator of an earlier commit, extracted from git under node_modules/.cache (so that it
 * resolves this checkout's packages), to run beside today's in the same bench run. Returns its
 * CLI's path relative to the repository, or null outside a git checkout.
 */
export function extractedCli(commit: string): string | null {
  const dir = join('node_modules', '.cache', `emulator-${commit.slice(0, 8)}`);
  const cli = join(dir, 'emulator', 'src', 'cli.ts');
  if (existsSync(join(ROOT, cli))) return cli;
  try {
    mkdirSync(join(ROOT, dir), { recursive: true });
    const tar = execFileSync('git', ['archive', commit, 'emulator/src'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', join(ROOT, dir)], { input: tar });
    return cli;
  } catch {
    return null;
  }
}
