import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const localDir = join(repoRoot, '.local');
export const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

export function requireInstalled(): void {
  if (!existsSync(bin('firebase')) || !existsSync(bin('tsx')) || !existsSync(bin('vite'))) {
    throw new Error('Dependencies are missing. Run `npm install` (or `npm ci`) first.');
  }
}
