import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Local data (accounts, database, run files). LOCAL_DIR moves it, e.g. for the soak test. */
export const localDir = process.env.LOCAL_DIR
  ? resolve(repoRoot, process.env.LOCAL_DIR)
  : join(repoRoot, '.local');
export const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

export function requireInstalled(): void {
  if (!existsSync(bin('firebase')) || !existsSync(bin('tsx')) || !existsSync(bin('vite'))) {
    throw new Error('Dependencies are missing. Run `npm install` (or `npm ci`) first.');
  }
}
