/**
 * Why a cryptographic step failed. Callers show 'This message could not be decrypted' (or the
 * key's own message) for every kind; the kind is for logs and tests, never for the user's eyes.
 */
export type CryptoFailure =
  | 'malformed' // not our envelope: wrong version, bad base64url, wrong lengths
  | 'unauthentic' // AES-GCM's tag did not verify: tampered, wrong key or wrong context
  | 'bad-key'; // a public key that is not a point on P-256, or a recovery key with a typo

export class CryptoError extends Error {
  constructor(
    readonly failure: CryptoFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CryptoError';
  }
}

/** Why a recovery key was refused, for the person's eyes (see encryption-strings.ts). */
export type RecoveryRefusal = 'not-a-key' | 'wrong-key' | 'no-backup';

export class RecoveryError extends Error {
  constructor(readonly refusal: RecoveryRefusal) {
    super(`Recovery refused: ${refusal}`);
    this.name = 'RecoveryError';
  }
}
