import type { DatabaseGateways } from '../../store/gateways';
import { encryptionSession } from './encryption-session';

/**
 * 'Remove' in Your devices. From an approved device (it holds the device-signing and the backup
 * key) the removal cuts the device off (src/lib/crypto/key-ring/key-ring-removal.ts): a signed device list
 * without it, the backup key rotated, its wraps deleted; with the recovery key, a new
 * device-signing key too, so even a device that kept its keys (tampered with) signs nothing
 * anyone believes. A device not approved yet holds neither, so it can only delete the entry;
 * every reader's signature check still keeps keys from a device its owner never signed.
 */
export async function removeMyDevice(
  encryption: DatabaseGateways['encryption'],
  uid: string,
  deviceId: string,
  recoveryKey?: string,
): Promise<void> {
  const session = await encryptionSession(uid, encryption);
  if (session?.ring.identity()) {
    await session.ring.removeDevice(deviceId, recoveryKey);
    return;
  }
  await encryption.removeDevice(uid, deviceId);
}
