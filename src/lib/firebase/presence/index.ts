/**
 * The presence gateway: what talks to Firebase for presence (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makePresenceApi } from './gateway';
export type { PresenceApi } from './gateway';
