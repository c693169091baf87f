import type { DeviceList } from '../../lib/crypto/device-list';
import type { DeviceRecord } from '../../lib/firebase/encryption';
import type { AppDispatch } from '../../store/store';
import type { DatabaseGateways } from '../../store/gateways';
import type { EncryptionSession } from './encryption-session';
import { devicesVerified, myDevicesReceived } from './encryption-slice';

/**
 * My devices, live, and which of them are approved: those whose signature verifies against my
 * identity key as this device knows it (the one it holds, else the one it pinned on first sight)
 * and that my pinned device list names, never the server's `approvedBy`. Checked again when my
 * pin changes (`recheck`). `onRemoved` is called once this device is gone: its entry deleted after
 * it was listed, or a newer signed list that no longer names it.
 */
export function followMyDevices(
  uid: string,
  encryption: DatabaseGateways['encryption'],
  dispatch: AppDispatch,
  isOpen: () => boolean,
  session: () => Promise<EncryptionSession | null>,
  onRemoved: () => void = () => undefined,
) {
  let devices: DeviceRecord[] | null = null;
  let published: string | null | undefined;
  let list: DeviceList | null = null;
  let run = 0;
  /** This device was seen published, and seen in my pinned list: a later absence is a removal. */
  let seenPublished = false;
  let seenListed = false;
  let removed = false;

  const removedNow = () => {
    if (removed || !isOpen()) return;
    removed = true;
    onRemoved();
  };

  const recheck = () => {
    if (!devices || published === undefined) return;
    const mine = devices.map((d) => ({ uid, ...d }));
    const identity = published;
    const current = ++run;
    const presented = list;
    void session()
      .then(async (ready) => {
        if (!ready) return;
        const me = ready.device.deviceId;
        const listed = mine.some((d) => d.deviceId === me);
        if (listed) seenPublished = true;
        else if (seenPublished) return removedNow();
        const signed = await ready.trust.trusted(uid, identity, mine, presented);
        const pinned = await ready.trust.pinnedList(uid);
        if (pinned?.ids.includes(me)) seenListed = true;
        else if (pinned && seenListed) return removedNow();
        if (current === run && isOpen()) dispatch(devicesVerified(signed.map((d) => d.deviceId)));
      })
      .catch(() => undefined);
  };
  const stopDevices = encryption.subscribeMyDevices(uid, (found) => {
    if (!isOpen()) return;
    devices = found;
    dispatch(myDevicesReceived(found));
    recheck();
  });
  const stopIdentity = encryption.subscribeIdentity(uid, (publicKey) => {
    published = publicKey;
    recheck();
  });
  const stopList = encryption.subscribeDeviceList(uid, (found) => {
    list = found;
    recheck();
  });
  return {
    recheck,
    stop: () => {
      stopDevices();
      stopIdentity();
      stopList();
    },
  };
}
