import { libStrings } from './lib-strings';

/** Turns a failed database write into the toast text: what failed, then why. */
export function describeWriteFailure(what: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = /permission[_ ]denied/i.test(message)
    ? libStrings.home.errors.permissionDenied
    : message || libStrings.app.errorUnknown;
  return `${what}: ${reason}`;
}

/**
 * Runs a write and resolves with its result; a failure resolves with `reject(toast text)`
 * instead, e.g. a thunk's rejectWithValue.
 */
export async function attemptWrite<T, R>(
  what: string,
  write: () => Promise<T>,
  reject: (message: string) => R,
): Promise<T | R> {
  try {
    return await write();
  } catch (error) {
    return reject(describeWriteFailure(what, error));
  }
}
