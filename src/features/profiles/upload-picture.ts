import type { PictureResolver } from '../../components/picture-resolver';
import type { PicturesApi } from '../../lib/firebase/profiles';
import { describeWriteFailure } from '../../lib/write-failure';
import { profilesStrings } from './profiles-strings';
import { libStrings } from '../../lib/lib-strings';
import { storageKeys } from '../../store/session';
import { PictureTooLargeError } from './compress-picture';

/** The spec's 'userinfo' entry: written after a crop, for the signed-in user only. */
interface StoredPictureInfo {
  uid: string;
  photo: string;
}

function storeCroppedPicture(info: StoredPictureInfo): void {
  try {
    localStorage.setItem(storageKeys.croppedPicture, JSON.stringify(info));
  } catch {
    // Storage can be full or disabled; the picture itself is in the database.
  }
}

export interface UploadDeps {
  api: Pick<PicturesApi, 'uploadProfilePicture'>;
  resolver: Pick<PictureResolver, 'prime'>;
}

export type UploadResult = { ok: true; reference: string } | { ok: false; message: string };

/**
 * Uploads a cropped, compressed picture for `uid`: one write stores it and points
 * `users/{uid}/photo` at it; this client then shows it without fetching it back.
 */
export async function uploadPicture(
  { api, resolver }: UploadDeps,
  uid: string,
  makeDataUrl: () => Promise<string>,
): Promise<UploadResult> {
  let dataUrl: string;
  try {
    dataUrl = await makeDataUrl();
  } catch (error) {
    const reason =
      error instanceof PictureTooLargeError
        ? profilesStrings.profile.errors.stillTooLarge
        : error instanceof Error
          ? error.message
          : libStrings.app.errorUnknown;
    return { ok: false, message: `${profilesStrings.profile.errors.upload}: ${reason}` };
  }
  try {
    const reference = await api.uploadProfilePicture(uid, dataUrl);
    resolver.prime(reference, dataUrl);
    storeCroppedPicture({ uid, photo: reference });
    return { ok: true, reference };
  } catch (error) {
    return {
      ok: false,
      message: describeWriteFailure(profilesStrings.profile.errors.upload, error),
    };
  }
}
