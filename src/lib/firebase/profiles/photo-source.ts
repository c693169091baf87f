import { DEFAULT_PHOTO, PHOTO_MAX } from './record';
import { parsePictureReference } from './picture-reference';

/**
 * Where a person's `photo` may point (rules/conditions.ts `photoOf` is the same list): nothing,
 * the default picture, an uploaded picture (`picture:{uid}:{version}`), or a Google account's
 * picture on Google's servers. Any other URL would be fetched by everyone who sees the person:
 * a tracking pixel telling its owner who looked, from where and when.
 */
const GOOGLE_PHOTO = /^https:\/\/[a-z0-9-]+\.googleusercontent\.com\//;

export function isAllowedPhoto(photo: string): boolean {
  return (
    photo.length <= PHOTO_MAX &&
    (photo === '' ||
      photo === DEFAULT_PHOTO ||
      parsePictureReference(photo) !== null ||
      GOOGLE_PHOTO.test(photo))
  );
}

/** `photo` when the rules take it, else the default picture (a Google photo from elsewhere). */
export function allowedPhotoOr(photo: string | null | undefined, fallback: string): string {
  return photo && isAllowedPhoto(photo) ? photo : fallback;
}
