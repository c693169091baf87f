/**
 * The directory gateway: what talks to Firebase for directory (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makeDirectoryApi } from './gateway';
export type { DirectoryApi } from './gateway';
