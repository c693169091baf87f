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
import { deviceReady, deviceUnavailable, myDevicesReceived } from './encryption-slice';
import {
  closeEncryptionSession,
  openEncryptionSession,
  type EncryptionSession,
} from './encryption-session';

/**
 * From sign-in to sign-out: this browser's device key is loaded (or made and published on first
 * use), its last use is touched, and my devices are kept live for Settings. A device removed from
 * another one is not published again from here: its record stays gone.
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
    const stopDevices = extra.encryption.subscribeDevices(uid, (devices) => {
      if (isOpen()) dispatch(myDevicesReceived(devices));
    });
    const ready = (async (): Promise<EncryptionSession | null> => {
      const device = await loadOrCreateDevice(vault, uid).catch(() => null);
      if (!isOpen()) return null;
      if (!device) {
        dispatch(deviceUnavailable());
        return null;
      }
      if (device.created) {
        await extra.encryption.publishDevice(
          device,
          deviceLabel(typeof navigator === 'undefined' ? '' : navigator.userAgent),
        );
      } else {
        await extra.encryption.touchDevice(uid, device.deviceId).catch(() => undefined);
      }
      if (!isOpen()) return null;
      dispatch(deviceReady(device.deviceId));
      return { device, keys: makeEpochKeys(device, extra.encryption.keyDirectory(uid)) };
    })().catch(() => {
      if (isOpen()) dispatch(deviceUnavailable());
      return null;
    });
    openEncryptionSession(uid, ready);
    return () => {
      session.open = false;
      closeEncryptionSession(uid);
      stopDevices();
    };
  });
}
