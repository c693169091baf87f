/**
 * This device and the account's devices (docs/security/e2ee.md). `deviceKeys/{uid}/{deviceId}`
 * is the public directory friends and co-members read for the keys; when a device was last used
 * and its browser's name are the owner's alone, in `deviceSeen/{uid}/{deviceId}`, so they say
 * nothing a hidden presence (`showPresence` off) would not.
 */
import { onValue, ref, serverTimestamp, set, update, type Database } from 'firebase/database';
import { parseDeviceList, type DeviceList } from '../../crypto/device-list';
import type { DeviceIdentity } from '../../crypto/epochs/key-directory';
import { isRecord } from '../../is-record';
import { placementsOf } from '../conversations';
import { homeRecords } from '../records-at-home';

/** A device as the directory shows it to anyone who may read it. */
export interface DirectoryDevice {
  deviceId: string;
  publicKey: string;
  createdAt: number;
  /**
   * The device that approved this one (itself for the first), as the server says: a hint for
   * the prompts only. Approval is `signature`, checked against a pinned identity key.
   */
  approvedBy: string | null;
  /** The account identity key's signature of this device (src/lib/crypto/identity-key.ts). */
  signature: string | null;
}

/** One of my own devices, with what only I read about it. */
export interface DeviceRecord extends DirectoryDevice {
  label: string;
  lastSeenAt: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The devices under `deviceKeys/{uid}`, malformed entries left out. */
export function parseDevices(value: unknown): DirectoryDevice[] {
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([deviceId, entry]) =>
    isRecord(entry) && isText(entry.publicKey)
      ? [
          {
            deviceId,
            publicKey: entry.publicKey,
            createdAt: Number(entry.createdAt) || 0,
            approvedBy: isText(entry.approvedBy) ? entry.approvedBy : null,
            signature: isText(entry.signature) ? entry.signature : null,
          },
        ]
      : [],
  );
}

/** A published identity key (`identityKeys/{uid}/publicKey`), or null for none or a damaged one. */
export function parseIdentity(value: unknown): string | null {
  return isRecord(value) && isText(value.publicKey) ? value.publicKey : null;
}

/** My devices: the directory's, each with its `deviceSeen` entry (blank when it has none). */
export function withSeen(devices: DirectoryDevice[], seen: unknown): DeviceRecord[] {
  const entries = isRecord(seen) ? seen : {};
  return devices.map((device) => {
    const entry = entries[device.deviceId];
    return {
      ...device,
      label: isRecord(entry) && isText(entry.label) ? entry.label : '',
      lastSeenAt: isRecord(entry) ? Number(entry.lastSeenAt) || 0 : 0,
    };
  });
}

/** `db` is the directory (the devices' keys); each `deviceSeen` is on its owner's home. */
export function makeDevicesApi(db: Database) {
  const { homeOf, listenOnHome, updateWithHome } = homeRecords(db, (uid) =>
    placementsOf(db).homeOfNow(uid),
  );
  return {
    /** `approved`: the account's first device, approved by itself; any later one waits. */
    publishDevice(device: DeviceIdentity, label: string, approved = false) {
      const { uid, deviceId } = device;
      const seen = { [`deviceSeen/${uid}/${deviceId}`]: { label, lastSeenAt: serverTimestamp() } };
      return updateWithHome(
        uid,
        seen,
        (alsoHere) =>
          update(ref(db), {
            [`deviceKeys/${uid}/${deviceId}`]: {
              publicKey: device.publicKey,
              createdAt: serverTimestamp(),
              ...(approved ? { approvedBy: deviceId } : {}),
            },
            ...alsoHere,
          }),
        true,
      );
    },
    /**
     * The app started on this device: its time, and its browser's name as it is now. Awaited by
     * the app's start, so not held for a home's late mirror (as `onHome` would): a device seen
     * again is long past its registration, when the mirror landed.
     */
    async touchDevice(uid: string, deviceId: string, label: string) {
      await set(ref(await homeOf(uid), `deviceSeen/${uid}/${deviceId}`), {
        label,
        lastSeenAt: serverTimestamp(),
      });
    },
    removeDevice(uid: string, deviceId: string) {
      return updateWithHome(uid, { [`deviceSeen/${uid}/${deviceId}`]: null }, (alsoHere) =>
        update(ref(db), { [`deviceKeys/${uid}/${deviceId}`]: null, ...alsoHere }),
      );
    },
    /**
     * Anyone's published identity key (mine, a friend's), live; null for none. A co-member's
     * (`through`: a group both `reader` and they are in) opens through a key grant, written on
     * the first refusal.
     */
    subscribeIdentity(
      uid: string,
      onIdentity: (publicKey: string | null) => void,
      through?: { groupId: string; reader: string },
    ) {
      let stop: () => void = () => undefined;
      let stopped = false;
      const follow = (mayGrant: boolean) => {
        stop = onValue(
          ref(db, `identityKeys/${uid}`),
          (snapshot) => onIdentity(parseIdentity(snapshot.val())),
          () => {
            // Not readable: no longer a friend, or a co-member without a grant yet.
            onIdentity(null);
            if (!mayGrant || !through || stopped) return;
            void set(ref(db, `deviceKeyGrants/${uid}/${through.reader}`), through.groupId).then(
              () => stopped || follow(false),
              () => undefined,
            );
          },
        );
      };
      follow(true);
      return () => {
        stopped = true;
        stop();
      };
    },
    /** My signed device list (src/lib/crypto/device-list.ts), live; null for none. */
    subscribeDeviceList(uid: string, onList: (list: DeviceList | null) => void) {
      return onValue(
        ref(db, `deviceLists/${uid}`),
        (snapshot) => onList(parseDeviceList(snapshot.val())),
        () => onList(null),
      );
    },
    /** Anyone's published devices (mine, a friend's), as they may read them. */
    subscribeDevices(uid: string, onDevices: (devices: DirectoryDevice[]) => void) {
      return onValue(ref(db, `deviceKeys/${uid}`), (snapshot) => {
        onDevices(parseDevices(snapshot.val()));
      });
    },
    /** My own devices with when each was last used, once both trees have been read. */
    subscribeMyDevices(uid: string, onDevices: (devices: DeviceRecord[]) => void) {
      let keys: DirectoryDevice[] | null = null;
      let seen: unknown;
      let seenRead = false;
      const emit = () => {
        if (keys && seenRead) onDevices(withSeen(keys, seen));
      };
      const stopKeys = onValue(ref(db, `deviceKeys/${uid}`), (snapshot) => {
        keys = parseDevices(snapshot.val());
        emit();
      });
      // Refused (rules from before the path existed): the devices still show, without times.
      const unseen = () => {
        seen = null;
        seenRead = true;
        emit();
      };
      const stopSeen = listenOnHome(
        uid,
        (home) =>
          onValue(
            ref(home, `deviceSeen/${uid}`),
            (snapshot) => {
              seen = snapshot.val();
              seenRead = true;
              emit();
            },
            unseen,
          ),
        unseen,
      );
      return () => {
        stopKeys();
        stopSeen();
      };
    },
  };
}
