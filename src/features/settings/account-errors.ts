import { strings } from '../../strings';

const s = strings.settings;

function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string') return code;
  }
  return '';
}

/** What to tell the person when changing the password (or another account step) failed. */
export function accountErrorMessage(error: unknown): string {
  const code = codeOf(error);
  if (code === 'auth/wrong-password' || code === 'auth/invalid-credential') return s.wrongPassword;
  if (code === 'auth/too-many-requests') return s.tooManyAttempts;
  if (code === 'auth/network-request-failed') return s.network;
  if (code === 'auth/weak-password') return strings.validation.passwordMin;
  const message = error instanceof Error ? error.message : '';
  if (/permission[_ ]denied/i.test(message)) return strings.home.errors.permissionDenied;
  return message || strings.app.errorUnknown;
}
