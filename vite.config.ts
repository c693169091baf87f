/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderSignedOut } from './scripts/build/prerender.ts';
import { screenChunks } from './scripts/build/screen-chunks.ts';
import { screenRoots } from './scripts/build/screen-roots.ts';

const src = (path: string) => resolve(import.meta.dirname, 'src', path);

// Few chunks per screen instead of ~40 slivers (scripts/build/screen-chunks.ts): the signed-in
// home's JavaScript drops by ~14 kB gzipped, /login's by ~4 kB. The roots are the modules each
// screen starts from (scripts/build/screen-roots.ts); the rest follows from the module graph.
const chunkName = screenChunks(screenRoots);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // / and /login as HTML with their CSS at build time, hydrated by the app.
    prerenderSignedOut({
      entry: 'src/prerender/render.tsx',
      screenModule: src('features/auth/LoginPage.tsx'),
    }),
  ],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    sourcemap: true,
    // Every browser the app supports (current desktop Chrome, Firefox, Safari) has modulepreload
    // or ignores it harmlessly; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Dependencies stay where their own screen puts them: pulling them into a group would
        // put modules /login needs into the signed-in chunk.
        codeSplitting: { groups: [{ name: chunkName, includeDependenciesRecursively: false }] },
      },
    },
  },
  test: {
    // One run reports every suite; each project picks its own environment and backend.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/config/**/*.test.ts',
            'functions/src/**/*.test.ts',
          ],
          setupFiles: ['tests/support/unit-setup.ts'],
        },
      },
      {
        test: {
          name: 'emulator',
          environment: 'node',
          include: ['emulator/test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'tests/rules/**/*.test.ts'],
          globalSetup: ['tests/support/backend-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // Whole `npm start` stacks stopped by signals: minutes spent waiting on processes, with
        // their own ports and data folders; their own project, so `npm test` can time them alone.
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/stack/**/*.test.ts'],
          testTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
