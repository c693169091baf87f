/**
 * The profiles data as stored: shapes, parsers of untrusted snapshots, paths and pure write
 * builders. Never loads the Firebase SDK (architecture:check), so a first screen may import it.
 */
export { allowedPhotoOr, isAllowedPhoto } from './photo-source';
export { parsePictureReference } from './picture-reference';
export { DEFAULT_PHOTO, USERNAME_MAX } from './record';
export type { UserProfile } from './record';
