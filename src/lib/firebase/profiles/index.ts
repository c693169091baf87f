/**
 * The profiles gateway: what talks to Firebase for profiles (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export type { UsersApi } from './gateway';
export { makePicturesApi } from './pictures';
export type { PicturesApi } from './pictures';
