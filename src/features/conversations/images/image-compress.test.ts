import { describe, expect, it } from 'vitest';
import {
  encodeFitting,
  FULL_SIDES,
  FULL_TARGET,
  fitWithin,
  imageFileProblem,
  ImageFileError,
  MAX_IMAGE_FILE_BYTES,
  THUMB_SIDES,
  THUMB_TARGET,
  type Size,
} from './image-compress';

/** A renderer whose canvas encodes `bytesPerPixel` bytes per pixel of the size drawn. */
function fakeRender(bytesPerPixel: (quality: number) => number) {
  const drawn: Size[] = [];
  const render = (size: Size) => {
    drawn.push(size);
    return {
      toBlob(callback: (blob: Blob | null) => void, type = 'image/png', quality = 0.92) {
        const bytes = Math.round(size.width * size.height * bytesPerPixel(quality));
        callback(new Blob([new Uint8Array(bytes)], { type }));
      },
    };
  };
  return { render, drawn };
}

describe('imageFileProblem', () => {
  it('takes images up to 20 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_FILE_BYTES })).toBeNull();
  });

  it('refuses other types, empty files and files over 20 MB', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toBe('notImage');
    expect(imageFileProblem({ type: '', size: 1000 })).toBe('notImage');
    expect(imageFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_FILE_BYTES + 1 })).toBe(
      'tooLarge',
    );
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 1000, height: 4000 }, 320)).toEqual({ width: 80, height: 320 });
  });

  it('never scales up, and never below one pixel', () => {
    expect(fitWithin({ width: 200, height: 100 }, 1600)).toEqual({ width: 200, height: 100 });
    expect(fitWithin({ width: 10000, height: 1 }, 320)).toEqual({ width: 320, height: 1 });
  });
});

describe('encodeFitting', () => {
  it('keeps the largest side whose encoding fits the target', async () => {
    const { render, drawn } = fakeRender(() => 0.05);
    const full = await encodeFitting(
      { width: 4000, height: 3000 },
      FULL_SIDES,
      FULL_TARGET,
      render,
    );
    expect(full.size).toEqual({ width: 1600, height: 1200 });
    expect(drawn).toEqual([{ width: 1600, height: 1200 }]);
    expect(full.dataUrl.startsWith('data:image/webp;base64,')).toBe(true);
    expect(full.dataUrl.length).toBeLessThanOrEqual(FULL_TARGET);
  });

  it('goes down in size when even the lowest quality is too large', async () => {
    // 0.3 bytes per pixel: 1280x960 is 369 KB (too large), 1024x768 is 236 KB (a 315 K URL).
    const { render } = fakeRender(() => 0.3);
    const full = await encodeFitting(
      { width: 4000, height: 3000 },
      FULL_SIDES,
      FULL_TARGET,
      render,
    );
    expect(full.size).toEqual({ width: 1024, height: 768 });
    expect(full.dataUrl.length).toBeLessThanOrEqual(FULL_TARGET);
  });

  it('makes thumbnails of at most 320 px under ~20 KB', async () => {
    const { render } = fakeRender((quality) => quality / 2);
    const thumb = await encodeFitting(
      { width: 3000, height: 4000 },
      THUMB_SIDES,
      THUMB_TARGET,
      render,
    );
    expect(Math.max(thumb.size.width, thumb.size.height)).toBeLessThanOrEqual(320);
    expect(thumb.dataUrl.length).toBeLessThanOrEqual(THUMB_TARGET);
  });

  it('tries a small image once, and says so when nothing fits', async () => {
    const { render, drawn } = fakeRender(() => 100);
    const attempt = encodeFitting({ width: 100, height: 50 }, FULL_SIDES, FULL_TARGET, render);
    await expect(attempt).rejects.toEqual(new ImageFileError('tooDetailed'));
    await expect(attempt).rejects.toHaveProperty('problem', 'tooDetailed');
    expect(drawn).toEqual([{ width: 100, height: 50 }]);
  });
});
