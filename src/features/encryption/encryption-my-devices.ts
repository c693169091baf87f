import type { DeviceRecord } from '../../lib/firebase/encryption';
import type { AppDispatch } from '../../store/store';
import type { DatabaseGateways } from '../../store/gateways';
import type { EncryptionSession } from './encryption-session';
import { devicesVerified, myDevicesReceived } from './encryption-slice';

/**
 * My devices, live, and which of them are approved: those whose signature verifies against my
 * identity key as this device knows it (the one it holds, else the one it pinned on first sight),
 * never the server's `approvedBy`. Checked again when my pin changes (`recheck`).
 */
export function followMyDevices(
  uid: string,
  encryption: DatabaseGateways['encryption'],
  dispatch: AppDispatch,
  isOpen: () => boolean,
  session: () => Promise<EncryptionSession | null>,
) {
  let devices: DeviceRecord[] | null = null;
  let published: string | null | undefined;
  let run = 0;
  const recheck = () => {
    if (!devices || published === undefined) return;
    const mine = devices.map((d) => ({ uid, ...d }));
    const identity = published;
    const current = ++run;
    void session()
      .then(async (ready) => {
        if (!ready) return;
        const signed = await ready.trust.trusted(uid, identity, mine);
        if (current === run && isOpen()) dispatch(devicesVerified(signed.map((d) => d.deviceId)));
      })
      .catch(() => undefined);
  };
  const stopDevices = encryption.subscribeMyDevices(uid, (list) => {
    if (!isOpen()) return;
    devices = list;
    dispatch(myDevicesReceived(list));
    recheck();
  });
  const stopIdentity = encryption.subscribeIdentity(uid, (publicKey) => {
    published = publicKey;
    recheck();
  });
  return {
    recheck,
    stop: () => {
      stopDevices();
      stopIdentity();
    },
  };
}
