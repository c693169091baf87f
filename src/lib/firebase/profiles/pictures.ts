import { get, ref, serverTimestamp, update, type Database } from 'firebase/database';
import { db as appDb } from '../database';
import {
  formatPictureReference,
  isPictureDataUrl,
  newPictureVersion,
  PICTURE_DATA_MAX,
} from './picture-reference';

export * from './picture-reference';

/**
 * Profile pictures stored in the database (the Storage emulator needs Java): the bytes at
 * `pictures/{uid}` as a small JPEG/WebP data URL, a short reference in `users/{uid}/photo`.
 */
export function makePicturesApi(db: Database, newVersion: () => string = newPictureVersion) {
  return {
    /**
     * Stores `dataUrl` as `uid`'s picture and points `users/{uid}/photo` at it, in one atomic
     * root update (the rules see both). Resolves with the new reference.
     */
    async uploadProfilePicture(uid: string, dataUrl: string): Promise<string> {
      if (!isPictureDataUrl(dataUrl)) {
        throw new Error(
          `A picture must be a JPEG or WebP data URL of at most ${PICTURE_DATA_MAX} characters`,
        );
      }
      const reference = formatPictureReference({ uid, version: newVersion() });
      await update(ref(db), {
        [`pictures/${uid}`]: { data: dataUrl, updatedAt: serverTimestamp() },
        [`users/${uid}/photo`]: reference,
      });
      return reference;
    },

    /** `uid`'s picture as a data URL, or null when they have none (or it is not usable). */
    async getPicture(uid: string): Promise<string | null> {
      const snapshot = await get(ref(db, `pictures/${uid}/data`));
      const value: unknown = snapshot.val();
      return isPictureDataUrl(value) ? value : null;
    },
  };
}

export type PicturesApi = ReturnType<typeof makePicturesApi>;

export const picturesApi: PicturesApi = makePicturesApi(appDb);

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    pictures: PicturesApi;
  }
}
