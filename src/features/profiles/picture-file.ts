/** Checks on the file a person picks, before the browser tries to decode it. */

/** Larger files are refused: the cropped result is small, but decoding them is not. */
export const MAX_PICTURE_FILE_BYTES = 5 * 1024 * 1024;

export type PictureFileProblem = 'notImage' | 'tooLarge' | 'empty';

/** Why `file` cannot be cropped, or null when it can be tried. */
export function pictureFileProblem(
  file: Pick<File, 'type' | 'size'>,
  maxBytes = MAX_PICTURE_FILE_BYTES,
): PictureFileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** Resolves once the browser has decoded the picture at `url`; rejects when it cannot. */
export function decodeImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The picture could not be decoded'));
    image.src = url;
  });
}
