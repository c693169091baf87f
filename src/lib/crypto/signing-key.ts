/**
 * The device-signing key (docs/security/e2ee.md, "Master and device-signing keys"), as Matrix's
 * self-signing key: an ECDSA P-256 pair, versioned, certified by the account's master key (the
 * identity friends pin, identity-key.ts). It signs the account's device entries and device list;
 * approved devices hold it (sealed under the backup key), the master key they do not. 'Remove'
 * with the recovery key makes the next version, so a removed device that kept the old one signs
 * nothing readers still believe: each reader pins the highest version it verified.
 */
import { fromBase64Url, utf8 } from './crypto-bytes';
import type { AccountIdentity } from './identity-key';

/** The master key's certificate of one version of the device-signing key. */
export interface SignerCert {
  version: number;
  publicKey: string;
  /** By the master key: 64 bytes (r and s), 86 base64url characters. */
  signature: string;
}

/** What an approved device holds: the pair and its certificate. */
export interface Signer {
  key: AccountIdentity;
  cert: SignerCert;
  /** The master (identity) public key that certified it. */
  master: string;
}

/** The master key itself, where a device holds it (signing/key-ring-identity.ts). */
export interface HeldMaster {
  key: AccountIdentity;
  secret: Uint8Array<ArrayBuffer>;
}

/** The master's secret travels sealed under the backup key with this context. */
export const identityContext = (uid: string) => `chatty/identity|${uid}`;

export const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;
export const SECRET = 96;
export const SIGNATURE_BYTES = 64;
export const PUBLIC = 65;

export const certStatement = (uid: string, version: number, publicKey: string) =>
  utf8(`chatty/device-signing/v1|${uid}|${version}|${publicKey}`);

/** False for a certificate that is malformed or not made by this master key for this account. */
export async function verifySigner(
  masterKey: CryptoKey,
  uid: string,
  cert: SignerCert,
): Promise<boolean> {
  const bytes = fromBase64Url(cert.signature);
  if (!bytes || bytes.length !== SIGNATURE_BYTES) return false;
  return crypto.subtle
    .verify(SIGNATURE, masterKey, bytes, certStatement(uid, cert.version, cert.publicKey))
    .catch(() => false);
}

export const signerContext = (uid: string) => `chatty/device-signing|${uid}`;

const CERT_KEY = /^[A-Za-z0-9_-]{87}$/;
const CERT_SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** A stored certificate (`deviceLists/{uid}/signer`), or null for none or a damaged one. */
export function parseSignerCert(value: unknown): SignerCert | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, publicKey, signature } = value as Record<string, unknown>;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) return null;
  if (typeof publicKey !== 'string' || !CERT_KEY.test(publicKey)) return null;
  if (typeof signature !== 'string' || !CERT_SIGNATURE.test(signature)) return null;
  return { version, publicKey, signature };
}
