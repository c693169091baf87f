/**
 * firebase-tools exports into a `firebase-export-<time><random>` folder in its working
 * directory, then deletes the old export and moves the new one in its place. A crash between
 * those two steps leaves only the temporary folder; this puts it back, and drops unfinished ones.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const METADATA = 'firebase-export-metadata.json';

export function recoverInterruptedExport(persistDir: string, workDir: string): string | undefined {
  if (!existsSync(workDir)) return undefined;
  const leftovers = readdirSync(workDir)
    .filter((name) => name.startsWith('firebase-export-'))
    .map((name) => join(workDir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  let restored: string | undefined;
  for (const dir of leftovers) {
    const complete = existsSync(join(dir, METADATA));
    if (!restored && complete && !existsSync(join(persistDir, METADATA))) {
      rmSync(persistDir, { recursive: true, force: true });
      renameSync(dir, persistDir);
      restored = dir;
    } else {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return restored;
}

export function hasExport(dir: string): boolean {
  return existsSync(join(dir, METADATA));
}
