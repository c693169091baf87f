/**
 * The friends gateway: what talks to Firebase for friends (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makeFriendsApi } from './gateway';
