import { describe, expect, it } from 'vitest';
import {
  compressCanvas,
  dataUrlLength,
  PICTURE_TARGET_LENGTH,
  PictureTooLargeError,
  type EncodableCanvas,
} from './compress-picture';

/** A canvas whose encoder makes `bytes(type, quality)` bytes, or a PNG for unknown types. */
function fakeCanvas(
  bytes: (type: string, quality: number) => number,
  supported = ['image/webp', 'image/jpeg'],
) {
  const calls: Array<[string, number]> = [];
  const canvas: EncodableCanvas = {
    toBlob(callback, type = 'image/png', quality = 0.92) {
      calls.push([type, quality]);
      const actual = supported.includes(type) ? type : 'image/png';
      callback(new Blob([new Uint8Array(bytes(actual, quality))], { type: actual }));
    },
  };
  return { canvas, calls };
}

describe('dataUrlLength', () => {
  it('is the prefix plus the base64 length', async () => {
    const blob = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    const url = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
    expect(dataUrlLength('image/jpeg', 10)).toBe(url.length);
    expect(dataUrlLength('image/webp', 0)).toBe('data:image/webp;base64,'.length);
  });
});

describe('compressCanvas', () => {
  it('encodes WebP at quality 0.85 when it fits', async () => {
    const { canvas, calls } = fakeCanvas(() => 3000);
    const url = await compressCanvas(canvas);
    expect(calls).toEqual([['image/webp', 0.85]]);
    expect(url.startsWith('data:image/webp;base64,')).toBe(true);
    expect(url.length).toBe(dataUrlLength('image/webp', 3000));
  });

  it('falls back to JPEG where the browser cannot write WebP', async () => {
    const { canvas, calls } = fakeCanvas(() => 3000, ['image/jpeg']);
    const url = await compressCanvas(canvas);
    expect(calls).toEqual([
      ['image/webp', 0.85],
      ['image/jpeg', 0.85],
    ]);
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('lowers the quality until the result is under the target', async () => {
    const { canvas, calls } = fakeCanvas((_type, quality) => (quality > 0.6 ? 90_000 : 50_000));
    const url = await compressCanvas(canvas);
    expect(calls.map(([, q]) => q)).toEqual([0.85, 0.7, 0.55]);
    expect(url.length).toBeLessThanOrEqual(PICTURE_TARGET_LENGTH);
  });

  it('tries JPEG when WebP stays too large, then gives up with a clear error', async () => {
    const { canvas, calls } = fakeCanvas(() => 200_000);
    await expect(compressCanvas(canvas)).rejects.toBeInstanceOf(PictureTooLargeError);
    expect(calls.filter(([type]) => type === 'image/jpeg')).toHaveLength(4);
  });

  it('gives up when the browser can encode neither format', async () => {
    const { canvas } = fakeCanvas(() => 10, []);
    await expect(compressCanvas(canvas)).rejects.toBeInstanceOf(PictureTooLargeError);
  });
});
