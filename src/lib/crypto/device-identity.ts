/**
 * This browser profile's device for one account: made on first sign-in (a fresh P-256 pair whose
 * private half cannot be exported), kept in a `KeyVault` (IndexedDB in the browser:
 * key-vault-idb.ts) and found again on every later visit.
 */
import { randomBytes, toBase64Url } from './crypto-bytes';
import { createDeviceKeyPair, exportPublicKey } from './device-keys';
import type { DeviceIdentity } from './epochs/key-directory';

export interface StoredDevice {
  deviceId: string;
  privateKey: CryptoKey;
  publicKey: string;
}

export interface KeyVault {
  get(uid: string): Promise<StoredDevice | undefined>;
  put(uid: string, device: StoredDevice): Promise<void>;
  delete(uid: string): Promise<void>;
}

/** 20 base64url characters, the shape the rules accept for a device id. */
const newDeviceId = () => toBase64Url(randomBytes(15));

export async function loadOrCreateDevice(
  vault: KeyVault,
  uid: string,
): Promise<DeviceIdentity & { created: boolean }> {
  const stored = await vault.get(uid);
  if (stored) return { uid, ...stored, created: false };
  const pair = await createDeviceKeyPair();
  const device: StoredDevice = {
    deviceId: newDeviceId(),
    privateKey: pair.privateKey,
    publicKey: await exportPublicKey(pair.publicKey),
  };
  await vault.put(uid, device);
  return { uid, ...device, created: true };
}

/** A vault in memory (structured clones, as IndexedDB stores them): tests and private windows. */
export function memoryKeyVault(): KeyVault {
  const devices = new Map<string, StoredDevice>();
  return {
    get: (uid) => Promise.resolve(devices.has(uid) ? structuredClone(devices.get(uid)) : undefined),
    put: (uid, device) => {
      devices.set(uid, structuredClone(device));
      return Promise.resolve();
    },
    delete: (uid) => {
      devices.delete(uid);
      return Promise.resolve();
    },
  };
}
