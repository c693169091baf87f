import { settingsStrings } from './settings-strings';
import { libStrings } from '../../lib/lib-strings';
import { spec } from '../../strings/spec';

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
  if (code === 'auth/wrong-password' || code === 'auth/invalid-credential')
    return settingsStrings.settings.wrongPassword;
  if (code === 'auth/too-many-requests') return settingsStrings.settings.tooManyAttempts;
  if (code === 'auth/network-request-failed') return settingsStrings.settings.network;
  if (code === 'auth/weak-password') return spec.validation.passwordMin;
  const message = error instanceof Error ? error.message : '';
  if (/permission[_ ]denied/i.test(message)) return libStrings.home.errors.permissionDenied;
  return message || libStrings.app.errorUnknown;
}
