/** Invalid client input: answered with 400 over REST and an error status over WebSocket. */
export class DataError extends Error {
  override name = 'DataError';
}

export const MAX_DEPTH = 32;
export const MAX_STRING_BYTES = 10 * 1024 * 1024;
export const MAX_PATH_BYTES = 768;
