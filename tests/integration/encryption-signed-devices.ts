import { ref, serverTimestamp, update } from 'firebase/database';
import { loadOrCreateDevice, memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { makeDeviceTrust } from '../../src/lib/crypto/device-trust';
import { makeEpochKeys } from '../../src/lib/crypto/epochs/epoch-keys';
import { type AccountIdentity } from '../../src/lib/crypto/identity-key';
import { createIdentity, signDevice } from '../../src/lib/crypto/signing';
import { memoryPinStore } from '../../src/lib/crypto/trust-pins';
import { memorySendingLog } from '../../src/lib/crypto/sending-log';
import { makeEncryptionApi } from '../../src/lib/firebase/encryption/gateway';
import type { TestClient } from '../support/backend';

/**
 * Devices for the key tests that do without the key ring: each account gets an identity key
 * (published by its owner) on its first device here, and each device is signed by it, as an
 * approved device is in the app. Each device pins the identity keys it meets, on its own.
 */
const identities = new Map<string, AccountIdentity>();

async function identityOf(client: TestClient, uid: string) {
  let identity = identities.get(uid);
  if (!identity) {
    identity = (await createIdentity()).identity;
    identities.set(uid, identity);
    await update(ref(client.db), {
      [`identityKeys/${uid}`]: { publicKey: identity.publicKey, createdAt: serverTimestamp() },
    });
  }
  return identity;
}

/** A device of `uid` on `client`: made, published, signed by the account, and its key manager. */
export async function signedDeviceOn(client: TestClient, uid: string, label: string) {
  const api = makeEncryptionApi(client.db);
  const device = await loadOrCreateDevice(memoryKeyVault(), uid);
  await api.publishDevice(device, label);
  const signature = await signDevice(await identityOf(client, uid), uid, device);
  await update(ref(client.db, `deviceKeys/${uid}/${device.deviceId}`), { signature });
  const trust = makeDeviceTrust(uid, memoryPinStore());
  // The device's own record of the epochs it sends under (IndexedDB in the browser).
  const log = memorySendingLog();
  return {
    device,
    trust,
    log,
    keys: makeEpochKeys(device, api.keyDirectory(uid), trust, {}, { log }),
  };
}
