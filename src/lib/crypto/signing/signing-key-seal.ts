/**
 * Making, sealing and opening a device-signing key (../signing-key.ts): made at set-up, at the
 * recovery key's first entry (the migration) and at 'Remove' with the recovery key; opened from
 * the backup by every approved device. Apart from ../signing-key.ts, which readers use to check
 * certificates, so the first screen does not carry it.
 */
import { concatBytes, fromBase64Url, toBase64Url } from '../crypto-bytes';
import { CryptoError } from '../crypto-errors';
import { type AccountIdentity } from '../identity-key';
import { createIdentity, identityFromSecret } from './identity-secret';
import { openBytes, sealBytes } from '../sealed-box';
import {
  certStatement,
  PUBLIC,
  SECRET,
  SIGNATURE,
  SIGNATURE_BYTES,
  signerContext,
  type Signer,
} from '../signing-key';

/** A new device-signing key of `version`, certified by `master`, and its secret to seal. */
export async function createSigner(master: AccountIdentity, uid: string, version: number) {
  const { identity: key, secret } = await createIdentity();
  const signature = toBase64Url(
    await crypto.subtle.sign(
      SIGNATURE,
      master.privateKey,
      certStatement(uid, version, key.publicKey),
    ),
  );
  const signer: Signer = {
    key,
    cert: { version, publicKey: key.publicKey, signature },
    master: master.publicKey,
  };
  return { signer, secret };
}

/**
 * The signer sealed under the backup key (`keyBackup/{uid}/signing`): its secret, version,
 * certificate and master key in one envelope, so a device takes them from its backup only.
 */
export async function sealSigner(
  backupKey: CryptoKey,
  uid: string,
  signer: Signer,
  secret: Uint8Array,
): Promise<string> {
  const version = new Uint8Array(4);
  new DataView(version.buffer).setUint32(0, signer.cert.version);
  const signature = fromBase64Url(signer.cert.signature);
  const master = fromBase64Url(signer.master);
  if (!signature || !master || master.length !== PUBLIC) {
    throw new CryptoError('malformed', 'A damaged device-signing certificate');
  }
  return sealBytes(backupKey, concatBytes(secret, version, signature, master), signerContext(uid));
}

/** The signer from its sealed form; throws CryptoError when it does not open or is damaged. */
export async function openSigner(
  backupKey: CryptoKey,
  uid: string,
  sealed: string,
): Promise<{ signer: Signer; secret: Uint8Array<ArrayBuffer> }> {
  const bytes = await openBytes(backupKey, sealed, signerContext(uid));
  if (bytes.length !== SECRET + 4 + SIGNATURE_BYTES + PUBLIC) {
    throw new CryptoError('malformed', 'A damaged device-signing key');
  }
  const secret = bytes.slice(0, SECRET);
  const key = await identityFromSecret(secret);
  const version = new DataView(bytes.buffer, bytes.byteOffset + SECRET, 4).getUint32(0);
  const signature = toBase64Url(bytes.subarray(SECRET + 4, SECRET + 4 + SIGNATURE_BYTES));
  const master = toBase64Url(bytes.subarray(SECRET + 4 + SIGNATURE_BYTES));
  return {
    signer: { key, cert: { version, publicKey: key.publicKey, signature }, master },
    secret,
  };
}
