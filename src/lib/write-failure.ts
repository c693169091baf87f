import { strings } from '../strings';

/** Turns a failed database write into the toast text: what failed, then why. */
export function describeWriteFailure(what: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = /permission[_ ]denied/i.test(message)
    ? strings.home.errors.permissionDenied
    : message || strings.app.errorUnknown;
  return `${what}: ${reason}`;
}
