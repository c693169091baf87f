// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bytesDataUrl, dataUrlBytes } from './image-data-url';

const webp = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0xfb, 0xff, 0x3e, 0x00]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x3f]);

describe('photo data URLs', () => {
  it('turns a webp or jpeg into the data URL the browser makes, and back to the same bytes', () => {
    const webpUrl = `data:image/webp;base64,${Buffer.from(webp).toString('base64')}`;
    const jpegUrl = `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`;
    expect(bytesDataUrl(webp)).toBe(webpUrl);
    expect(bytesDataUrl(jpeg)).toBe(jpegUrl);
    expect(dataUrlBytes(webpUrl)).toEqual(webp);
    expect(dataUrlBytes(jpegUrl)).toEqual(jpeg);
  });

  it('refuses what is not a webp or jpeg', () => {
    expect(bytesDataUrl(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(dataUrlBytes('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(dataUrlBytes('https://example.com/a.webp')).toBeNull();
  });
});
