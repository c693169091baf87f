/**
 * Turning a picked, pasted or dropped file into an image message: a full image (longest side
 * about 1600 px, at most ~300 KB) and a thumbnail (about 320 px, ~20 KB), both WebP (JPEG where
 * the browser cannot write WebP), encoded in the browser the way profile pictures are.
 */
import type { MessageImageUpload } from '../../../lib/firebase/conversations/shapes';
import { compressCanvas, PictureTooLargeError, type EncodableCanvas } from '../../profiles';

/** Bigger files are refused before decoding: a phone photo is well under it. */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;
/** Longest sides tried for the full image and the thumbnail, largest first. */
export const FULL_SIDES = [1600, 1280, 1024, 800] as const;
export const THUMB_SIDES = [320, 240, 160] as const;
/** Data URL lengths aimed at (characters), under the rules' limits (chat-image-message.ts). */
export const FULL_TARGET = 400_000;
export const THUMB_TARGET = 26_000;

export type ImageFileProblem = 'notImage' | 'tooLarge' | 'empty' | 'corrupt' | 'tooDetailed';

export class ImageFileError extends Error {
  constructor(readonly problem: ImageFileProblem) {
    super(`The image cannot be sent: ${problem}`);
    this.name = 'ImageFileError';
  }
}

/** Why `file` cannot be sent, before decoding it, or null when it can be tried. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_IMAGE_FILE_BYTES) return 'tooLarge';
  return null;
}

export interface Size {
  width: number;
  height: number;
}

/** `size` scaled down (never up) so its longest side is at most `max`, in whole pixels. */
export function fitWithin({ width, height }: Size, max: number): Size {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Draws the source at a size and hands back something that encodes (a canvas). */
export type Render = (size: Size) => EncodableCanvas;

/**
 * The first of `sides` whose rendering compresses under `target`: lower qualities first (in
 * compressCanvas), then smaller sides. Throws 'tooDetailed' when none fits.
 */
export async function encodeFitting(
  source: Size,
  sides: readonly number[],
  target: number,
  render: Render,
): Promise<{ dataUrl: string; size: Size }> {
  let tried = '';
  for (const side of sides) {
    const size = fitWithin(source, side);
    // A small source gives the same size for every side: no use trying it twice.
    const key = `${String(size.width)}x${String(size.height)}`;
    if (key === tried) continue;
    tried = key;
    try {
      return { dataUrl: await compressCanvas(render(size), target), size };
    } catch (error) {
      if (!(error instanceof PictureTooLargeError)) throw error;
    }
  }
  throw new ImageFileError('tooDetailed');
}

/** A canvas with `bitmap` drawn at `size`. */
function canvasRender(bitmap: ImageBitmap): Render {
  return ({ width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new ImageFileError('corrupt');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas;
  };
}

/** Checks, decodes and compresses `file`; an ImageFileError says why it cannot be sent. */
export async function compressImageFile(file: File): Promise<MessageImageUpload> {
  const problem = imageFileProblem(file);
  if (problem) throw new ImageFileError(problem);
  let bitmap: ImageBitmap;
  try {
    // Honours the photo's EXIF orientation, as the browser shows it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageFileError('corrupt');
  }
  try {
    const render = canvasRender(bitmap);
    const source = { width: bitmap.width, height: bitmap.height };
    const full = await encodeFitting(source, FULL_SIDES, FULL_TARGET, render);
    const thumb = await encodeFitting(source, THUMB_SIDES, THUMB_TARGET, render);
    return { full: full.dataUrl, thumb: thumb.dataUrl, ...full.size };
  } finally {
    bitmap.close();
  }
}
