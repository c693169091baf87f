import type { KeyVault } from '../../lib/crypto/device-identity';
import type { PinStore } from '../../lib/crypto/trust-pins';
import type { SendingLog } from '../../lib/crypto/sending-log';
import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { deviceLabel } from './device-label';
import type { KeyRing } from '../../lib/crypto/key-ring/key-ring';
import { followMyDevices } from './encryption-my-devices';
import {
  backupReceived,
  deviceReady,
  deviceUnavailable,
  encryptionUpgraded,
  thisDeviceRemoved,
} from './encryption-slice';
import {
  closeEncryptionSession,
  openEncryptionSession,
  type EncryptionSession,
} from './encryption-session';
import { keyStoresOnLoad, loadSessionCrypto } from './session-crypto';

/** Read when the listeners are added, not at import: a test stands in for a browser by setting `window` then. */
const inBrowser = () => typeof window !== 'undefined';

/**
 * From sign-in to sign-out: this browser's device key is loaded (or made and published on first
 * use), its last use is touched, and my devices are kept live for Settings. A device removed from
 * another one is not published again from here: its record stays gone.
 *
 * The account's first device is published approved by itself and makes the key backup, its
 * recovery key (the 'Save your recovery key' reminder shows) and the account's identity key, with
 * which it signs itself; any later device waits for a signature from one in use, or for the
 * recovery key. A device that holds the backup key of an account without an identity key makes it
 * (the upgrade: 'Your encryption was upgraded'). Every epoch key a device makes or opens goes into
 * the backup once it holds the backup key.
 */
export function addEncryptionListeners(
  startAppListening: AppStartListening,
  // Those not given: IndexedDB in a browser, else in memory for as long as these listeners run
  // (conversation-crypto.ts keyStoresFor), made when the first session opens.
  vault?: KeyVault,
  pins?: PinStore,
  sendingLog?: SendingLog,
): void {
  const stores = keyStoresOnLoad({ vault, pins, sendingLog }, inBrowser());
  whileSignedIn(startAppListening, (uid, { extra, dispatch }) => {
    // Set false at sign-out; the async steps below check it before touching the store.
    const session = { open: true };
    const isOpen = () => session.open;
    let ready: Promise<EncryptionSession | null> = Promise.resolve(null);
    let stopBackup: () => void = () => undefined;
    /**
     * Removed from another of my devices: its page says so, its device key is deleted from this
     * browser, and its session is replaced by one that failed, so it opens and sends nothing more.
     */
    const forget = () => {
      dispatch(thisDeviceRemoved());
      stopBackup();
      openEncryptionSession(uid, Promise.reject(new Error('This device was removed')), scope);
      void stores()
        .then((made) => made.vault.delete(uid))
        .catch(() => undefined);
    };
    const scope = extra.encryption;
    const mine = followMyDevices(uid, extra.encryption, dispatch, isOpen, () => ready, forget);

    /** After each backup sync: my own identity pinned as the one I hold, and the upgrade told. */
    const afterSync = async ({ ring, trust }: EncryptionSession) => {
      const held = ring.identity();
      if (held) {
        const pin = await trust.pinned(uid);
        if (pin?.key !== held.publicKey || !pin.verified) {
          await trust.accept(uid, held.publicKey, true);
        }
      }
      if (ring.takeUpgradeNotice() && isOpen()) dispatch(encryptionUpgraded());
      mine.recheck();
    };
    /**
     * The backup, live: this device takes up the backup key once wrapped for it, and an approved
     * device of an account without a backup (the first one, or one from before backups) makes it.
     */
    const followBackup = (ready: EncryptionSession, approved: boolean) => {
      const { ring } = ready;
      let settingUp = false;
      return extra.encryption.subscribeBackup(uid, (backup) => {
        void (async () => {
          const holdsKey = await ring.sync(backup);
          if (!isOpen()) return;
          dispatch(backupReceived({ exists: backup !== null, saved: !!backup?.savedAt, holdsKey }));
          await afterSync(ready);
          if (backup || settingUp || !approved) return;
          settingUp = true;
          // The key waits in memory for 'Save your recovery key' (a banner on every signed-in
          // screen until saved), rather than a dialog that would stop the first visit.
          await ring.setUp(isOpen);
          await afterSync(ready);
        })().catch(() => undefined);
      });
    };
    ready = (async (): Promise<EncryptionSession | null> => {
      const [{ vault, pins, sendingLog }, crypto] = await Promise.all([
        stores(),
        loadSessionCrypto(),
      ]);
      const { makeDeviceTrust, makeEpochKeys, makeKeyRing } = crypto;
      const device = await crypto.loadOrCreateDevice(vault, uid).catch(() => null);
      if (!isOpen()) return null;
      if (!device) {
        dispatch(deviceUnavailable());
        return null;
      }
      let ring: KeyRing | null = null;
      const trust = makeDeviceTrust(uid, pins);
      const keys = makeEpochKeys(
        device,
        extra.encryption.keyDirectory(uid),
        trust,
        { onKeyLearned: (conversation, epoch, raw) => ring?.learned(conversation, epoch, raw) },
        { log: sendingLog },
      );
      const store = extra.encryption.keyRingStore(uid);
      ring = makeKeyRing(device, keys, store);
      const session: EncryptionSession = { device, keys, ring, trust };
      // Unread (offline, refused) counts as "not the first": a device then waits for approval
      // rather than wrongly approving itself.
      const [devices, backup] = await Promise.all([
        store.myDevices().catch(() => null),
        store.readBackup().then(
          (found) => found ?? 'none',
          () => null,
        ),
      ]);
      const record = devices?.find((d) => d.deviceId === device.deviceId);
      // A key kept here whose device is no longer published: removed from another device while
      // this page was closed. It says so and forgets the key, rather than carrying on unlisted.
      if (!device.created && devices && !record) {
        forget();
        return null;
      }
      let approved = record?.approvedBy != null;
      // Node 20 (the integration tests) has no navigator.
      const label = deviceLabel(typeof navigator === 'undefined' ? '' : navigator.userAgent);
      if (device.created) {
        approved = devices?.length === 0 && backup === 'none';
        await extra.encryption.publishDevice(device, label, approved);
      } else {
        await extra.encryption.touchDevice(uid, device.deviceId, label).catch(() => undefined);
        // Devices from before approvals existed: none of them is approved, so the first of them
        // seen again makes the backup (and signs itself) instead of waiting for nobody.
        if (record && !approved && devices?.every((d) => d.approvedBy == null)) approved = true;
      }
      // Signed before anyone is told this device is ready, so the first keys sent to it find it
      // signed: the account's first device makes its backup and identity now, and a device that
      // holds the backup key opens the identity (or makes it: the upgrade) and signs itself.
      if (device.created && approved) {
        await ring.setUp(isOpen).catch(() => undefined);
      } else if (backup && backup !== 'none') {
        await ring.sync(backup).catch(() => false);
      }
      if (!isOpen()) return null;
      await afterSync(session).catch(() => undefined);
      dispatch(deviceReady(device.deviceId));
      stopBackup = followBackup(session, approved);
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
      mine.stop();
      stopBackup();
    };
  });
}
