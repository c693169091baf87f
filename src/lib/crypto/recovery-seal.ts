/**
 * The backup key sealed for the recovery key without typing it (docs/security/e2ee.md, "Removing
 * a device"), as Matrix's key backup does: the recovery key opens a P-256 ECDH key pair (its 96
 * secret bytes sealed under the recovery key's HKDF key, `recovery.secret`), and the backup key is
 * sealed to that pair's public half with a fresh ephemeral pair (ECIES: `r1.{ephemeral
 * public}.{envelope}`). So a device that rotates the backup key (a removal) seals the new one for
 * the recovery key at once. The public half is kept sealed under the backup key
 * (`recovery.public`): only a device holding the backup key reads it, and the operator cannot swap
 * in a key of its own to receive the next backup key.
 */
import { concatBytes, fromBase64Url, toBase64Url } from './crypto-bytes';
import { CryptoError } from './crypto-errors';
import { importPublicKey } from './device-keys';
import { makeKeyWrapper } from './key-wrap';
import { backupKeyFrom } from './recovery-key';
import { openBytes, sealBytes } from './sealed-box';

const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** What `keyBackup/{uid}/recovery` holds. */
export interface RecoveryLock {
  /** The pair's public half (65 bytes), sealed under the backup key. */
  public: string;
  /** The pair's secret (d, x, y), sealed under the recovery key's HKDF key. */
  secret: string;
}

const publicContext = (uid: string) => `chatty/recovery-public|${uid}`;
const secretContext = (uid: string) => `chatty/recovery-secret|${uid}`;
const sealContext = (uid: string, ephemeral: string) => `chatty/recovery-seal|${uid}|${ephemeral}`;

export const isRecoverySealed = (sealed: string) => sealed.startsWith('r1.');

async function privateFromSecret(secret: Uint8Array): Promise<CryptoKey> {
  if (secret.length !== 96) throw new CryptoError('malformed', 'A recovery secret is 96 bytes');
  const [d, x, y] = [0, 32, 64].map((at) => toBase64Url(secret.subarray(at, at + 32)));
  return crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', d, x, y }, CURVE, false, [
    'deriveBits',
  ]);
}

/** The backup key sealed to the recovery pair's public half (`publicKey`, 87 characters). */
async function sealTo(uid: string, publicKey: string, backupRaw: Uint8Array): Promise<string> {
  const pair = await crypto.subtle.generateKey(CURVE, true, ['deriveBits']);
  const ephemeral = toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey));
  const envelope = await makeKeyWrapper(pair.privateKey).wrap(
    backupRaw,
    await importPublicKey(publicKey),
    publicKey,
    sealContext(uid, ephemeral),
  );
  return `r1.${ephemeral}.${envelope}`;
}

/**
 * A new recovery pair for `recoveryRaw`, and the backup key sealed to it: what setting up the
 * backup, or replacing its recovery key, writes.
 */
export async function lockForRecovery(
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  backupKey: CryptoKey,
  backupRaw: Uint8Array,
): Promise<{ sealed: string; recovery: RecoveryLock }> {
  const pair = await crypto.subtle.generateKey(CURVE, true, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const parts = [jwk.d, jwk.x, jwk.y].map((part) => fromBase64Url(part ?? ''));
  if (parts.some((part) => part?.length !== 32)) {
    throw new CryptoError('bad-key', 'The recovery pair could not be exported');
  }
  const publicBytes = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const publicKey = toBase64Url(publicBytes);
  const secretKey = await backupKeyFrom(recoveryRaw, uid);
  return {
    sealed: await sealTo(uid, publicKey, backupRaw),
    recovery: {
      public: await sealBytes(backupKey, publicBytes, publicContext(uid)),
      secret: await sealBytes(
        secretKey,
        concatBytes(...(parts as Uint8Array[])),
        secretContext(uid),
      ),
    },
  };
}

/**
 * A new backup key sealed for the same recovery key, by a device that holds the old backup key
 * (it opens the pair's public half): nobody types the recovery key. Null for a backup from before
 * recovery pairs (its recovery key must be replaced).
 */
export async function relockForRecovery(
  uid: string,
  recovery: RecoveryLock | null,
  oldBackupKey: CryptoKey,
  newBackupKey: CryptoKey,
  newBackupRaw: Uint8Array,
): Promise<{ sealed: string; recovery: RecoveryLock } | null> {
  if (!recovery) return null;
  const publicBytes = await openBytes(oldBackupKey, recovery.public, publicContext(uid));
  const publicKey = toBase64Url(publicBytes);
  return {
    sealed: await sealTo(uid, publicKey, newBackupRaw),
    recovery: {
      public: await sealBytes(newBackupKey, publicBytes, publicContext(uid)),
      secret: recovery.secret,
    },
  };
}

/**
 * The backup key from an `r1.` seal with the recovery key; a CryptoError('unauthentic') when it
 * is not this account's recovery key.
 */
export async function openWithRecovery(
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  sealed: string,
  recovery: RecoveryLock | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const [, ephemeral = '', envelope = ''] = sealed.split(/[.](.*?)[.](.*)/s);
  if (!recovery || !ephemeral || !envelope) {
    throw new CryptoError('malformed', 'Not a recovery seal');
  }
  const secretKey = await backupKeyFrom(recoveryRaw, uid);
  const secret = await openBytes(secretKey, recovery.secret, secretContext(uid));
  const raw = await makeKeyWrapper(await privateFromSecret(secret)).unwrap(
    envelope,
    await importPublicKey(ephemeral),
    ephemeral,
    sealContext(uid, ephemeral),
  );
  if (raw.length !== 32) throw new CryptoError('malformed', 'A backup key is 32 bytes');
  return raw;
}
