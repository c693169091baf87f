/**
 * The auth gateway: what talks to Firebase for auth (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export type { AuthApi, SessionUser } from './gateway';
