import { removeMyDevice } from '../../src/features/encryption/remove-device';
import type { DeviceApp } from './encryption-device-apps';

/** 'Remove' on `deviceId` in Settings, from `app`'s device (with the recovery key when typed). */
export async function removeFrom(app: DeviceApp, deviceId: string, recoveryKey?: string) {
  const uid = (await app.session()).device.uid;
  await removeMyDevice(app.gateways.encryption, uid, deviceId, recoveryKey);
}
