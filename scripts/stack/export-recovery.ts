/**
 * firebase-tools exports into a `firebase-export-<time><random>` folder in its working
 * directory, writes the metadata file last, then deletes the old export and moves the new one
 * in its place. A crash between those steps (or two exports racing at exit) leaves temporary
 * folders behind; the newest complete export wins, wherever it is, and the rest is dropped.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const METADATA = 'firebase-export-metadata.json';

function completedAt(dir: string): number | undefined {
  const file = join(dir, METADATA);
  return existsSync(file) ? statSync(file).mtimeMs : undefined;
}

/** Returns the temporary folder that replaced the saved export, if one did. */
export function recoverInterruptedExport(persistDir: string, workDir: string): string | undefined {
  if (!existsSync(workDir)) return undefined;
  const leftovers = readdirSync(workDir)
    .filter((name) => name.startsWith('firebase-export-'))
    .map((name) => join(workDir, name));
  let newest: { dir: string; at: number } | undefined;
  const saved = completedAt(persistDir);
  if (saved !== undefined) newest = { dir: persistDir, at: saved };
  for (const dir of leftovers) {
    const at = completedAt(dir);
    if (at !== undefined && (newest === undefined || at > newest.at)) newest = { dir, at };
  }
  let restored: string | undefined;
  if (newest && newest.dir !== persistDir) {
    rmSync(persistDir, { recursive: true, force: true });
    renameSync(newest.dir, persistDir);
    restored = newest.dir;
  }
  for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
  return restored;
}

export function hasExport(dir: string): boolean {
  return existsSync(join(dir, METADATA));
}
