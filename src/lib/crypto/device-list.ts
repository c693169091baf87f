/**
 * A person's signed device list (docs/security/e2ee.md, "Removing a device"), as WhatsApp's: the
 * ids of the account's current devices with a version, signed by the device-signing key
 * (signing-key.ts, whose certificate by the master key travels with it) or, in an account from
 * before device-signing keys, by the identity key itself. Every reader
 * pins the highest version it has verified (device-trust.ts) and trusts a device only when the
 * pinned list names it, so an operator who puts back a removed device's old signed entry, or an
 * older list that still named it, gets nothing: a list can only be made by a key the master key
 * certified, and an older one than the pin is ignored.
 */
import { fromBase64Url, toBase64Url, utf8 } from './crypto-bytes';
import type { AccountIdentity } from './identity-key';
import { parseSignerCert, type SignerCert } from './signing-key';

export interface DeviceList {
  /** Grows by one with every change; readers ignore any list older than the one they pinned. */
  version: number;
  /** The account's current devices, sorted. */
  ids: string[];
  signature: string;
  /** The device-signing key that signed it; absent in a list signed by the identity key itself. */
  signer?: SignerCert | null;
}

const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;
const MAX_DEVICES = 100;

/** A list signed by a device-signing key names its version: no list moves to another signer. */
const statement = (uid: string, version: number, ids: readonly string[], signer?: number) =>
  utf8(
    signer === undefined
      ? `chatty/device-list/v1|${uid}|${version}|${[...ids].sort().join(',')}`
      : `chatty/device-list/v2|${uid}|${version}|${signer}|${[...ids].sort().join(',')}`,
  );

/** Signed by `key`: the device-signing key of `signer`, or (no `signer`) the identity key. */
export async function signDeviceList(
  key: AccountIdentity,
  uid: string,
  version: number,
  ids: readonly string[],
  signer?: SignerCert,
): Promise<DeviceList> {
  const sorted = [...new Set(ids)].sort();
  const signature = await crypto.subtle.sign(
    SIGNATURE,
    key.privateKey,
    statement(uid, version, sorted, signer?.version),
  );
  return { version, ids: sorted, signature: toBase64Url(signature), ...(signer ? { signer } : {}) };
}

/**
 * False for a list that is malformed, or signed by another key, account or version. `key` is the
 * list's signer's key (the device-signing key it names, or the identity key for one without).
 */
export async function verifyDeviceList(
  key: CryptoKey,
  uid: string,
  list: DeviceList,
): Promise<boolean> {
  const bytes = fromBase64Url(list.signature);
  if (!bytes || bytes.length !== 64) return false;
  return crypto.subtle
    .verify(SIGNATURE, key, bytes, statement(uid, list.version, list.ids, list.signer?.version))
    .catch(() => false);
}

const ID = /^[A-Za-z0-9_-]{20}$/;

/** `deviceLists/{uid}` as stored (`{version, ids: 'a,b', signature}`); null for none or a damaged one. */
export function parseDeviceList(value: unknown): DeviceList | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, ids, signature, signer } = value as Record<string, unknown>;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) return null;
  if (typeof ids !== 'string' || typeof signature !== 'string') return null;
  const list = ids === '' ? [] : ids.split(',');
  if (list.length > MAX_DEVICES || !list.every((id) => ID.test(id))) return null;
  if (signer === undefined || signer === null) return { version, ids: list, signature };
  const cert = parseSignerCert(signer);
  return cert ? { version, ids: list, signature, signer: cert } : null;
}

/** The stored form of a list. */
export const storedDeviceList = (list: DeviceList) => ({
  version: list.version,
  ids: list.ids.join(','),
  signature: list.signature,
  signer: list.signer ?? null,
});
