/**
 * What 'Remove' on one of my devices writes (docs/security/e2ee.md, "Removing a device"), built on
 * an approved device that holds the device-signing key and the backup key: a new signed device
 * list without it, the backup under a new backup key (every epoch key and the signing keys sealed
 * again, the new key wrapped for each remaining device and sealed for the recovery key without
 * anyone typing it), and its wraps deleted. With the recovery key typed, the device-signing key
 * is replaced too (a new version certified by the master key), and the devices kept are signed
 * again by it: a removed device that kept the old one signs nothing readers believe. Every
 * conversation's next send then starts an epoch without it: the device set changed
 * (epoch-keys.ts), and every reader's pinned list no longer names it.
 */
import type { ConversationKey } from '../../conversation-key';
import type { DeviceList } from '../device-list';
import type { PublishedDevice } from '../epochs/key-directory';
import {
  importBackupKey,
  openBackupEntry,
  sealBackupEntry,
  type StoredBackup,
} from '../key-backup';
import type { DeviceRemoval, EpochWraps } from './key-ring-store';
import { createRecoveryKey } from '../recovery-key';
import { lockForRecovery, relockForRecovery } from '../recovery-seal';
import { createContentKey, openBytes, sealBytes } from '../sealed-box';
import { identityContext, type HeldMaster, type Signer } from '../signing-key';
import { openSigner, sealMaster, sealSigner } from '../signing';

export interface RotationInput {
  uid: string;
  backup: StoredBackup;
  /** The backup key as it is now (this device holds it). */
  oldKey: CryptoKey;
  /** The devices that keep the backup: every device of the new list. */
  keeping: readonly PublishedDevice[];
  wrapFor: (raw: Uint8Array, device: PublishedDevice) => Promise<{ key: string; from: string }>;
  /**
   * Typed for this removal: the master (opened with it) is sealed under it again and leaves the
   * backup key's reach, and `signer` (the new device-signing key) replaces the old one.
   */
  typed?: {
    recoveryRaw: Uint8Array<ArrayBuffer>;
    master: HeldMaster;
    signer: { signer: Signer; secret: Uint8Array };
  };
}

/** The device-signing key under the new backup key: the new one, or the old one sealed again. */
async function signingUnder(key: CryptoKey, { uid, backup, oldKey, typed }: RotationInput) {
  if (typed) return sealSigner(key, uid, typed.signer.signer, typed.signer.secret);
  const old = backup.signing
    ? await openSigner(oldKey, uid, backup.signing).catch(() => null)
    : null;
  return old ? sealSigner(key, uid, old.signer, old.secret) : null;
}

/** The backup under a new key; `recoveryKey` is set when a new recovery key had to be made. */
export async function rotateBackup(input: RotationInput) {
  const { uid, backup, oldKey, keeping, wrapFor, typed } = input;
  const { raw, key } = await createContentKey();
  const keys: DeviceRemoval['backup']['keys'] = {};
  for (const [conversation, epochs] of Object.entries(backup.keys)) {
    const place = conversation as ConversationKey;
    const resealed: Record<string, string> = {};
    for (const [epoch, envelope] of Object.entries(epochs ?? {})) {
      // One that does not open (damaged) is dropped: it opened nothing before either.
      const epochRaw = await openBackupEntry(oldKey, uid, place, epoch, envelope).catch(() => null);
      if (epochRaw) resealed[epoch] = await sealBackupEntry(key, uid, place, epoch, epochRaw);
    }
    if (Object.keys(resealed).length) keys[place] = resealed;
  }
  // Once the recovery key is typed the master leaves the backup key's reach (it is sealed under
  // the recovery key alone); otherwise it stays where it was.
  const secret =
    backup.identity && !typed
      ? await openBytes(oldKey, backup.identity, identityContext(uid)).catch(() => null)
      : null;
  const identity = secret ? await sealBytes(key, secret, identityContext(uid)) : null;
  const signing = await signingUnder(key, input);
  const devices: DeviceRemoval['backup']['devices'] = {};
  for (const device of keeping) {
    const { key: wrapped, from } = await wrapFor(raw, device);
    devices[device.deviceId] = { key: wrapped, from };
  }
  const relocked = await relockForRecovery(uid, backup.recovery, oldKey, key, raw).catch(
    () => null,
  );
  let recoveryKey: string | null = null;
  let lock = relocked;
  let master = typed
    ? await sealMaster(uid, typed.recoveryRaw, typed.master.secret)
    : backup.master;
  if (!lock && typed) {
    // A backup from before recovery pairs: sealed for the recovery key just typed.
    lock = await lockForRecovery(uid, typed.recoveryRaw, key, raw);
  } else if (!lock) {
    // A backup from before recovery pairs (or one whose pair does not open): the old recovery
    // key cannot be reached without typing it, so a new one is made and shown to be saved.
    const recovery = await createRecoveryKey();
    lock = await lockForRecovery(uid, recovery.raw, key, raw);
    recoveryKey = recovery.text;
    if (secret) master = await sealMaster(uid, recovery.raw, secret);
  }
  return {
    raw,
    key: await importBackupKey(raw),
    recoveryKey,
    backup: {
      sealed: lock.sealed,
      recovery: lock.recovery,
      devices,
      keys,
      identity,
      signing,
      master,
      unsaved: recoveryKey !== null,
    },
  };
}

/** Every epoch of every conversation in which `deviceId` holds a wrap. */
export const wrapsOf = (all: readonly EpochWraps[], deviceId: string) =>
  all
    .filter((entry) => entry.wraps[deviceId])
    .map(({ conversation, epoch }) => ({ conversation, epoch }));

/** The devices the new list names, as published (the list only names; the entries hold keys). */
export const keptDevices = (list: DeviceList, mine: readonly PublishedDevice[]) =>
  mine.filter((device) => list.ids.includes(device.deviceId));
