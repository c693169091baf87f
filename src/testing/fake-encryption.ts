/**
 * A fake of the encryption gateway (see fake-gateways.ts): devices (mine or a friend's, keyed by
 * uid), identity keys (keyed by uid) and the key backup through Feeds.
 */
import { vi } from 'vitest';
import type { DeviceRecord, EncryptionApi } from '../lib/firebase/encryption/gateway';
import type { StoredBackup } from '../lib/crypto/key-backup';
import { Feed } from './feed';

export function fakeEncryption() {
  const devices = new Feed<DeviceRecord[]>();
  const backups = new Feed<StoredBackup | null>();
  const identities = new Feed<string | null>();
  const noStore = () => Promise.reject(new Error('No fake key ring store'));
  const encryption = {
    publishDevice: vi.fn<EncryptionApi['publishDevice']>(() => Promise.resolve()),
    touchDevice: vi.fn<EncryptionApi['touchDevice']>(() => Promise.resolve()),
    removeDevice: vi.fn<EncryptionApi['removeDevice']>(() => Promise.resolve()),
    subscribeDevices: vi.fn<EncryptionApi['subscribeDevices']>((uid, onDevices) =>
      devices.subscribe(uid, onDevices, () => undefined),
    ),
    // No device lists here: signatures alone decide, as for an account from before them.
    subscribeDeviceList: vi.fn<EncryptionApi['subscribeDeviceList']>((_uid, onList) => {
      onList(null);
      return () => undefined;
    }),
    subscribeIdentity: vi.fn<EncryptionApi['subscribeIdentity']>((uid, onIdentity) =>
      identities.subscribe(uid, onIdentity, () => undefined),
    ),
    subscribeMyDevices: vi.fn<EncryptionApi['subscribeMyDevices']>((uid, onDevices) =>
      devices.subscribe(uid, onDevices, () => undefined),
    ),
    // Key exchange is tested against the emulator: here every lookup fails, so sealing is refused.
    keyDirectory: vi.fn<EncryptionApi['keyDirectory']>(() => {
      const none = () => Promise.reject(new Error('No fake key directory'));
      return {
        devicesOf: none,
        identityOf: none,
        deviceListOf: none,
        writeEpoch: none,
        readWrap: none,
        readWait: none,
        newEpochId: () => 'fake-epoch-id-000000',
      };
    }),
    keyRingStore: vi.fn<EncryptionApi['keyRingStore']>(() => ({
      myDevices: noStore,
      myWraps: noStore,
      writeWraps: noStore,
      readBackup: noStore,
      createBackup: noStore,
      resealBackup: noStore,
      markBackupSaved: noStore,
      putBackupDevice: noStore,
      putBackupEntry: noStore,
      markApproved: noStore,
      publishIdentity: noStore,
      myDeviceList: noStore,
      putDeviceList: noStore,
      removeDevice: noStore,
      secureMaster: noStore,
    })),
    subscribeBackup: vi.fn<EncryptionApi['subscribeBackup']>((uid, onBackup) =>
      backups.subscribe(uid, onBackup, () => undefined),
    ),
    // Late wraps are tested against the emulator: here no conversation owes anyone a key.
    subscribeKeyWaits: vi.fn<EncryptionApi['subscribeKeyWaits']>(() => () => undefined),
    keyWaitStore: vi.fn<EncryptionApi['keyWaitStore']>(() => ({
      ask: noStore,
      serve: noStore,
      remind: () => undefined,
      close: () => undefined,
    })),
  } satisfies EncryptionApi;
  return { deviceFeed: devices, backupFeed: backups, identityFeed: identities, encryption };
}
