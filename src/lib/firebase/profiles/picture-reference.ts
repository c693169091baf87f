/**
 * `pictures/{uid}` shapes and limits, free of the database SDK so components can use them.
 *
 * A person's `photo` field never holds picture bytes: an uploaded picture lives at
 * `pictures/{uid}` and `photo` holds the short reference `picture:{uid}:{version}`. The version
 * changes with every upload, so caches keyed by the reference never show an old picture.
 */

export const PICTURE_REFERENCE_PREFIX = 'picture:';

/** The data URL prefixes database.rules.json accepts for `pictures/{uid}/data`. */
export const PICTURE_DATA_PREFIXES = [
  'data:image/jpeg;base64,',
  'data:image/webp;base64,',
] as const;

/** The rules refuse a `data` string longer than this (characters of the data URL). */
export const PICTURE_DATA_MAX = 200_000;

export interface PictureReference {
  uid: string;
  version: string;
}

/** Uids and versions are plain ids (no ':' and no path characters). */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export function formatPictureReference({ uid, version }: PictureReference): string {
  if (!ID.test(uid) || !ID.test(version)) throw new Error(`Not a picture id: ${uid}:${version}`);
  return `${PICTURE_REFERENCE_PREFIX}${uid}:${version}`;
}

/** The uid and version of a `picture:` reference; null for anything else (e.g. a URL). */
export function parsePictureReference(photo: string | undefined): PictureReference | null {
  if (!photo?.startsWith(PICTURE_REFERENCE_PREFIX)) return null;
  const [uid = '', version = '', ...rest] = photo.slice(PICTURE_REFERENCE_PREFIX.length).split(':');
  return rest.length === 0 && ID.test(uid) && ID.test(version) ? { uid, version } : null;
}

/** True for a data URL of a kind the rules accept, within their size limit. */
export function isPictureDataUrl(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= PICTURE_DATA_MAX &&
    PICTURE_DATA_PREFIXES.some((prefix) => value.startsWith(prefix))
  );
}

/** A new version for an upload: time-ordered, and unique enough for one person's uploads. */
export function newPictureVersion(now = Date.now(), random = Math.random()): string {
  return `${now.toString(36)}${Math.floor(random * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}
