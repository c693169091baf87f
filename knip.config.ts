/**
 * `npm run check`'s dead-code gate (knip): every export has an importer (a test counts), every
 * file is reached, every dependency is used and listed.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'src/prerender/render.tsx',
    'src/features/search/worker/search-worker.ts',
    'scripts/**/*.ts',
    'emulator/bench/**/*.ts',
    'rules/index.ts',
  ],
  project: [
    'src/**/*.{ts,tsx,css}',
    'scripts/**/*.ts',
    'rules/**/*.ts',
    'emulator/**/*.ts',
    'tests/**/*.ts',
  ],
  // Types for eslint.config.js's import of emulator/eslint-layers.js (a plain .js config).
  ignore: ['emulator/eslint-layers.d.ts'],
  // The Auth emulator runs from firebase-tools' own bin file, which scripts/stack starts by path.
  ignoreDependencies: ['firebase-tools'],
  // `npm start -- --official` runs the official RTDB emulator, which needs a Java on the PATH.
  ignoreBinaries: ['java'],
};

export default config;
