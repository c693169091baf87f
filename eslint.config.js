import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import emulatorLayers from './emulator/eslint-layers.js';
import { slicePlugin } from './eslint/slice-ownership.js';

/** The folders inside each folder of `parents` (paths relative to the repository). */
const subFolders = (...parents) =>
  parents.flatMap((parent) =>
    readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`),
  );

/** Globs of every src/ module outside `folder` (e.g. src/lib/firebase/inbox). */
const outside = (folder) => {
  const parts = folder.split('/');
  return parts.slice(1).flatMap((part, i) => {
    const parent = parts.slice(0, i + 1).join('/');
    return [`./${parent}/*.{ts,tsx}`, `./${parent}/!(${part})/**`];
  });
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      '.local',
      'test-artifacts',
      'node_modules',
      // The Cloud Functions entry needs functions/'s own install (firebase-functions), which CI
      // does not make: `npm --prefix functions run typecheck` checks it. mirror.ts is linted here.
      'functions/lib',
      'functions/src/index.ts',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Slices and gateways join the store's RootState and DatabaseGateways by declaration merging.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use the typed hooks from src/store/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app prints only what went wrong: debug logging left in would print people's data
    // paths in every browser.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-console': ['error', { allow: ['error', 'warn'] }] },
  },
  {
    // Only the gateway talks to Firebase; features receive plain objects.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/firebase/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase/*', '@firebase/*'],
              message: 'Import from src/lib/firebase instead.',
            },
          ],
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use the typed hooks from src/store/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature is used through its index.ts only. The composition root (src/app/*.ts(x), not
    // its routes) wires slices and listeners directly, so that the barrels' components stay out
    // of the first screen's chunks. Layers, bottom up: lib, components, config and the store
    // (src/store, which imports no feature); the features; the app shell and its routes (src/app),
    // the only code that composes features and which no feature imports.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...readdirSync('src/features').map((feature) => ({
              target: [
                './src/*.{ts,tsx}',
                './src/!(app|features)/**',
                './src/app/routes/**',
                `./src/features/!(${feature})/**`,
              ],
              from: `./src/features/${feature}`,
              except: ['./index.ts'],
              message: `Import the ${feature} feature from its index.ts.`,
            })),
            // A sub-domain folder (features/<domain>/<part>, lib/firebase/<domain>) is used
            // through its index.ts (and a gateway's shapes.ts, its SDK-free face) only.
            ...subFolders(...subFolders('src/features')).map((folder) => ({
              // The app shell (its routes aside) wires a part's slices and listeners directly,
              // as it does a feature's above.
              target: [
                ...outside(folder).filter((glob) => glob !== './src/!(features)/**'),
                './src/!(app|features)/**',
                './src/app/routes/**',
              ],
              from: `./${folder}`,
              except: ['./index.ts'],
              message: `Import ${folder} from its index.ts.`,
            })),
            ...subFolders('src/lib/firebase').map((folder) => ({
              target: outside(folder),
              from: `./${folder}`,
              except: ['./index.ts', './shapes.ts'],
              message: `Import ${folder} from its index.ts, or its stored shapes from shapes.ts.`,
            })),
            {
              target: './src/!(app|prerender)/**',
              from: './src/app',
              message: 'Only the app shell composes features: nothing below it imports src/app.',
            },
            {
              target: ['./src/store', './src/lib', './src/components', './src/config'],
              from: './src/features',
              message: 'The store, lib, components and config sit below the features.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature reads another feature's state only through that feature's exported selectors.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { local: slicePlugin(import.meta.dirname) },
    rules: { 'local/no-foreign-slice-state': 'error' },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'tests/**',
      'emulator/test/**',
      'emulator/bench/**',
      'scripts/**',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      'react-refresh/only-export-components': 'off',
    },
  },
  ...emulatorLayers,
);
