// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatPictureReference,
  isPictureDataUrl,
  newPictureVersion,
  parsePictureReference,
  PICTURE_DATA_MAX,
} from './picture-reference';

describe('picture references', () => {
  it('formats and parses picture:{uid}:{version}', () => {
    const reference = formatPictureReference({ uid: 'uid-1', version: 'abc_9' });
    expect(reference).toBe('picture:uid-1:abc_9');
    expect(parsePictureReference(reference)).toEqual({ uid: 'uid-1', version: 'abc_9' });
  });

  it.each([
    [undefined],
    [''],
    ['/default-avatar.svg'],
    ['https://example.com/a.png'],
    ['picture:'],
    ['picture:uid'],
    ['picture:uid:'],
    ['picture::v1'],
    ['picture:uid:v1:extra'],
    ['picture:../x:v1'],
    ['picture:a/b:v1'],
  ])('does not take %j for a reference', (photo) => {
    expect(parsePictureReference(photo)).toBeNull();
  });

  it('refuses to format ids that would break the reference or a path', () => {
    expect(() => formatPictureReference({ uid: 'a:b', version: 'v' })).toThrow();
    expect(() => formatPictureReference({ uid: 'a/b', version: 'v' })).toThrow();
    expect(() => formatPictureReference({ uid: 'a', version: '' })).toThrow();
  });

  it('makes short, distinct, valid versions', () => {
    const a = newPictureVersion(1_700_000_000_000, 0.1);
    const b = newPictureVersion(1_700_000_000_000, 0.2);
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThan(16);
    expect(parsePictureReference(`picture:u:${a}`)).toEqual({ uid: 'u', version: a });
  });
});

describe('isPictureDataUrl', () => {
  it('accepts JPEG and WebP data URLs within the limit', () => {
    expect(isPictureDataUrl('data:image/jpeg;base64,AAAA')).toBe(true);
    expect(isPictureDataUrl('data:image/webp;base64,AAAA')).toBe(true);
    const longest = 'data:image/webp;base64,' + 'A'.repeat(PICTURE_DATA_MAX - 23);
    expect(longest).toHaveLength(PICTURE_DATA_MAX);
    expect(isPictureDataUrl(longest)).toBe(true);
  });

  it.each([
    ['a PNG', 'data:image/png;base64,AAAA'],
    ['an SVG', 'data:image/svg+xml;base64,AAAA'],
    ['a URL', 'https://example.com/a.jpg'],
    ['a number', 42],
    ['null', null],
    ['one character too long', 'data:image/jpeg;base64,' + 'A'.repeat(PICTURE_DATA_MAX - 22)],
  ])('refuses %s', (_case, value) => {
    expect(isPictureDataUrl(value)).toBe(false);
  });
});
