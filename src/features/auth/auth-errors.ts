/** Codes that all mean "this e-mail and password do not match an account". */
const INVALID_CREDENTIAL_CODES = new Set([
  'auth/invalid-credential',
  // Projects without e-mail enumeration protection still send these two. They get the same
  // message, so nobody can learn from the login form which e-mails have accounts.
  'auth/wrong-password',
  'auth/user-not-found',
]);

/** The code the spec shows in a toast: Firebase errors carry one; anything else gets a stand-in. */
export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string' && code) return code;
  }
  return 'app/unexpected-error';
}

export function isInvalidCredential(code: string): boolean {
  return INVALID_CREDENTIAL_CODES.has(code);
}
