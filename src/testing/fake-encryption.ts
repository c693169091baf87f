/** A fake of the encryption gateway (see fake-gateways.ts): my devices through a Feed. */
import { vi } from 'vitest';
import type { DeviceRecord, EncryptionApi } from '../lib/firebase/encryption';
import { Feed } from './feed';

export function fakeEncryption() {
  const devices = new Feed<DeviceRecord[]>();
  const encryption = {
    publishDevice: vi.fn<EncryptionApi['publishDevice']>(() => Promise.resolve()),
    touchDevice: vi.fn<EncryptionApi['touchDevice']>(() => Promise.resolve()),
    removeDevice: vi.fn<EncryptionApi['removeDevice']>(() => Promise.resolve()),
    subscribeDevices: vi.fn<EncryptionApi['subscribeDevices']>((uid, onDevices) =>
      devices.subscribe(uid, onDevices, () => undefined),
    ),
    // Key exchange is tested against the emulator: here every lookup fails, so sealing is refused.
    keyDirectory: vi.fn<EncryptionApi['keyDirectory']>(() => {
      const none = () => Promise.reject(new Error('No fake key directory'));
      return {
        devicesOf: none,
        senderEpoch: none,
        writeEpoch: none,
        readWrap: none,
        newEpochId: () => 'fake-epoch-id-000000',
      };
    }),
  } satisfies EncryptionApi;
  return { deviceFeed: devices, encryption };
}
