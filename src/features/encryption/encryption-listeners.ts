import { makeEpochKeys } from '../../lib/crypto/epoch-keys';
import { indexedDbKeyVault } from '../../lib/crypto/key-vault-idb';
import {
  loadOrCreateDevice,
  memoryKeyVault,
  type KeyVault,
} from '../../lib/crypto/device-identity';
import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { deviceLabel } from './device-label';
import { makeKeyRing, type KeyRing } from '../../lib/crypto/key-ring';
import {
  backupReceived,
  deviceReady,
  deviceUnavailable,
  myDevicesReceived,
} from './encryption-slice';
import {
  closeEncryptionSession,
  openEncryptionSession,
  type EncryptionSession,
} from './encryption-session';

/**
 * From sign-in to sign-out: this browser's device key is loaded (or made and published on first
 * use), its last use is touched, and my devices are kept live for Settings. A device removed from
 * another one is not published again from here: its record stays gone.
 *
 * The account's first device is published approved by itself and makes the key backup and its
 * recovery key (the 'Save your recovery key' reminder shows); any later device waits for approval from one in
 * use, or for the recovery key. Every epoch key a device makes or opens goes into the backup once
 * it holds the backup key.
 */
export function addEncryptionListeners(
  startAppListening: AppStartListening,
  // Outside a browser (Node, the integration tests) the key lives as long as the session; a
  // browser without IndexedDB keeps none and says so in Settings.
  vault: KeyVault = typeof window === 'undefined' ? memoryKeyVault() : indexedDbKeyVault,
): void {
  whileSignedIn(startAppListening, (uid, { extra, dispatch }) => {
    // Set false at sign-out; the async steps below check it before touching the store.
    const session = { open: true };
    const isOpen = () => session.open;
    const stopDevices = extra.encryption.subscribeMyDevices(uid, (devices) => {
      if (isOpen()) dispatch(myDevicesReceived(devices));
    });
    /**
     * The backup, live: this device takes up the backup key once wrapped for it, and an approved
     * device of an account without a backup (the first one, or one from before backups) makes it.
     */
    const followBackup = ({ ring }: EncryptionSession, approved: boolean, open: () => boolean) => {
      let settingUp = false;
      return extra.encryption.subscribeBackup(uid, (backup) => {
        void (async () => {
          const holdsKey = await ring.sync(backup);
          if (!open()) return;
          dispatch(backupReceived({ exists: backup !== null, saved: !!backup?.savedAt, holdsKey }));
          if (backup || settingUp || !approved) return;
          settingUp = true;
          // The key waits in memory for 'Save your recovery key' (a banner on every signed-in
          // screen until saved), rather than a dialog that would stop the first visit.
          await ring.setUp(open);
        })().catch(() => undefined);
      });
    };
    let stopBackup: () => void = () => undefined;
    const ready = (async (): Promise<EncryptionSession | null> => {
      const device = await loadOrCreateDevice(vault, uid).catch(() => null);
      if (!isOpen()) return null;
      if (!device) {
        dispatch(deviceUnavailable());
        return null;
      }
      let ring: KeyRing | null = null;
      const keys = makeEpochKeys(device, extra.encryption.keyDirectory(uid), {
        onKeyLearned: (conversation, epoch, raw) => ring?.learned(conversation, epoch, raw),
      });
      const store = extra.encryption.keyRingStore(uid);
      ring = makeKeyRing(device, keys, store);
      // Unread (offline, refused) counts as "not the first": a device then waits for approval
      // rather than wrongly approving itself.
      const [mine, backup] = await Promise.all([
        store.myDevices().catch(() => null),
        store.readBackup().then(
          (found) => found ?? 'none',
          () => null,
        ),
      ]);
      const record = mine?.find((d) => d.deviceId === device.deviceId);
      let approved = record?.approvedBy != null;
      // Node 20 (the integration tests) has no navigator.
      const label = deviceLabel(typeof navigator === 'undefined' ? '' : navigator.userAgent);
      if (device.created) {
        approved = mine?.length === 0 && backup === 'none';
        await extra.encryption.publishDevice(device, label, approved);
      } else {
        await extra.encryption.touchDevice(uid, device.deviceId, label).catch(() => undefined);
        // Devices from before approvals existed: none of them is approved, so the first of them
        // seen again approves itself (and makes the backup) instead of waiting for nobody.
        if (record && !approved && mine?.every((d) => d.approvedBy == null)) {
          await store.markApproved(device.deviceId, device.deviceId);
          approved = true;
        }
      }
      if (!isOpen()) return null;
      dispatch(deviceReady(device.deviceId));
      const session = { device, keys, ring };
      stopBackup = followBackup(session, approved, isOpen);
      return session;
    })().catch((error: unknown) => {
      if (isOpen()) dispatch(deviceUnavailable());
      // Keys made but not set up (the publish refused): the session says so, and nothing is sent
      // from here rather than sent in clear text (encryption-session.ts).
      throw error;
    });
    openEncryptionSession(uid, ready, extra.encryption);
    return () => {
      session.open = false;
      closeEncryptionSession(uid, extra.encryption);
      stopDevices();
      stopBackup();
    };
  });
}
