/**
 * The presence data as stored: shapes, parsers of untrusted snapshots, paths and pure write
 * builders. Never loads the Firebase SDK (architecture:check), so a first screen may import it.
 */
export type { PresenceStatus } from './status';
