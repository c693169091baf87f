import { createHash } from 'node:crypto';

/** Bytes' SHA-256 in hex: files of megabytes compare at once this way. */
export const sha256Hex = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * A file's SHA-256 in hex, from a Blob or its bytes: `toEqual` over the bytes of a few
 * megabytes takes seconds (45 s for 3 MB).
 */
export const sha256 = async (data: Blob | Uint8Array): Promise<string> =>
  sha256Hex(data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data);
