/** Turning the crop into a small JPEG/WebP data URL, in the browser. */

/** The side of the stored square picture, in pixels. */
export const PICTURE_SIZE = 256;

/** What an upload aims for (characters of the data URL); the rules allow twice as much. */
export const PICTURE_TARGET_LENGTH = 100_000;

/** The formats tried, best first; a browser that cannot encode one falls through to the next. */
const FORMATS = ['image/webp', 'image/jpeg'] as const;

/** Lower qualities are tried, in order, only while the result is above the target. */
const QUALITIES = [0.85, 0.7, 0.55, 0.4] as const;

/** The part of a canvas the compression uses (a fake in unit tests). */
export interface EncodableCanvas {
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number): void;
}

export class PictureTooLargeError extends Error {
  constructor() {
    super('The cropped picture stays too large even at a low quality');
    this.name = 'PictureTooLargeError';
  }
}

function encode(canvas: EncodableCanvas, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The picture could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The length of the base64 data URL of `bytes` bytes of `type`. */
export function dataUrlLength(type: string, bytes: number): number {
  return `data:${type};base64,`.length + Math.ceil(bytes / 3) * 4;
}

/**
 * Encodes `canvas` as WebP (or JPEG where the browser cannot write WebP) at quality 0.85,
 * lowering the quality until the data URL fits `maxLength`.
 */
export async function compressCanvas(
  canvas: EncodableCanvas,
  maxLength = PICTURE_TARGET_LENGTH,
): Promise<string> {
  for (const type of FORMATS) {
    for (const quality of QUALITIES) {
      const blob = await encode(canvas, type, quality);
      // A browser that cannot encode a type silently hands back a PNG instead.
      if (blob?.type !== type) break;
      if (dataUrlLength(type, blob.size) > maxLength) continue;
      return blobToDataUrl(blob);
    }
  }
  throw new PictureTooLargeError();
}
