/** Photos as the app holds them (data URLs) and as they are sealed (bytes), both ways. */
import { fromBase64Url, toBase64Url } from '../../crypto/crypto-bytes';

const DATA_URL = /^data:(image\/(?:webp|jpeg));base64,/;

/** A data URL's bytes, or null when it is not one of ours. */
export function dataUrlBytes(url: string): Uint8Array | null {
  const match = DATA_URL.exec(url);
  if (!match) return null;
  const base64 = url.slice(match[0].length).replace(/\+/g, '-').replace(/\//g, '_');
  return fromBase64Url(base64.replace(/=+$/, ''));
}

/** Bytes of a webp ('RIFF') or jpeg (FF D8) image as a data URL, as the app shows images. */
export function bytesDataUrl(bytes: Uint8Array): string | null {
  const type =
    bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46
      ? 'image/webp'
      : bytes[0] === 0xff && bytes[1] === 0xd8
        ? 'image/jpeg'
        : null;
  if (!type) return null;
  const base64 = toBase64Url(bytes).replace(/-/g, '+').replace(/_/g, '/');
  return `data:${type};base64,${base64}${'='.repeat((4 - (base64.length % 4)) % 4)}`;
}
