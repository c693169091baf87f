/**
 * The groups gateway: what talks to Firebase for groups (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makeGroupsApi } from './gateway';
