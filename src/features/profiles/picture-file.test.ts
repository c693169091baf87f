// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_PICTURE_FILE_BYTES, pictureFileProblem } from './picture-file';

describe('pictureFileProblem', () => {
  it.each([
    ['image/png', 1000],
    ['image/jpeg', 1],
    ['image/webp', MAX_PICTURE_FILE_BYTES],
    ['image/gif', 2048],
  ])('lets a %s of %i bytes through', (type, size) => {
    expect(pictureFileProblem({ type, size })).toBeNull();
  });

  it('refuses files that are not pictures, whatever their size', () => {
    expect(pictureFileProblem({ type: 'application/pdf', size: 10 })).toBe('notImage');
    expect(pictureFileProblem({ type: 'text/plain', size: 10 })).toBe('notImage');
    expect(pictureFileProblem({ type: '', size: 10 })).toBe('notImage');
    expect(pictureFileProblem({ type: 'video/mp4', size: 10 ** 9 })).toBe('notImage');
  });

  it('refuses empty files and files over 5 MB', () => {
    expect(MAX_PICTURE_FILE_BYTES).toBe(5 * 1024 * 1024);
    expect(pictureFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(pictureFileProblem({ type: 'image/png', size: MAX_PICTURE_FILE_BYTES + 1 })).toBe(
      'tooLarge',
    );
    expect(pictureFileProblem({ type: 'image/png', size: 11 }, 10)).toBe('tooLarge');
  });
});
