/**
 * A person's signed device list (docs/security/e2ee.md, "Removing a device"), as WhatsApp's: the
 * ids of the account's current devices with a version, signed by the identity key. Every reader
 * pins the highest version it has verified (device-trust.ts) and trusts a device only when the
 * pinned list names it, so an operator who puts back a removed device's old signed entry, or an
 * older list that still named it, gets nothing: a list can only be made by the identity key, and
 * an older one than the pin is ignored.
 */
import { fromBase64Url, toBase64Url, utf8 } from './crypto-bytes';
import type { AccountIdentity } from './identity-key';

export interface DeviceList {
  /** Grows by one with every change; readers ignore any list older than the one they pinned. */
  version: number;
  /** The account's current devices, sorted. */
  ids: string[];
  signature: string;
}

const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;
const MAX_DEVICES = 100;

const statement = (uid: string, version: number, ids: readonly string[]) =>
  utf8(`chatty/device-list/v1|${uid}|${version}|${[...ids].sort().join(',')}`);

export async function signDeviceList(
  identity: AccountIdentity,
  uid: string,
  version: number,
  ids: readonly string[],
): Promise<DeviceList> {
  const sorted = [...new Set(ids)].sort();
  const signature = await crypto.subtle.sign(
    SIGNATURE,
    identity.privateKey,
    statement(uid, version, sorted),
  );
  return { version, ids: sorted, signature: toBase64Url(signature) };
}

/** False for a list that is malformed, or signed by another key, account or version. */
export async function verifyDeviceList(
  identityKey: CryptoKey,
  uid: string,
  list: DeviceList,
): Promise<boolean> {
  const bytes = fromBase64Url(list.signature);
  if (!bytes || bytes.length !== 64) return false;
  return crypto.subtle
    .verify(SIGNATURE, identityKey, bytes, statement(uid, list.version, list.ids))
    .catch(() => false);
}

const ID = /^[A-Za-z0-9_-]{20}$/;

/** `deviceLists/{uid}` as stored (`{version, ids: 'a,b', signature}`); null for none or a damaged one. */
export function parseDeviceList(value: unknown): DeviceList | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, ids, signature } = value as Record<string, unknown>;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) return null;
  if (typeof ids !== 'string' || typeof signature !== 'string') return null;
  const list = ids === '' ? [] : ids.split(',');
  if (list.length > MAX_DEVICES || !list.every((id) => ID.test(id))) return null;
  return { version, ids: list, signature };
}

/** The stored form of a list. */
export const storedDeviceList = (list: DeviceList) => ({
  version: list.version,
  ids: list.ids.join(','),
  signature: list.signature,
});
