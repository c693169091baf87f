/**
 * Old epoch keys for a new device (docs/security/e2ee.md, "A new device"): the key backup fed with
 * every epoch key this device learns, a recovery key that opens it on another device, and the
 * approval of a new device by one I already use, which re-wraps every old epoch key I can read for
 * it. Both ways end in ordinary wraps under my uid (`by` = me), so a message opens the same way
 * whether its key came from the sender, an approval or the recovery key.
 */
import type { ConversationKey } from '../conversation-key';
import { CryptoError } from './crypto-errors';
import { importPublicKey } from './device-keys';
import { draftsKeyFrom, type DraftsKey } from './drafts-seal';
import type { DeviceIdentity, EpochKeys, PublishedDevice } from './epoch-keys';
import {
  backupWrapContext,
  importBackupKey,
  openBackupEntry,
  openBackupKey,
  sealBackupEntry,
  type StoredBackup,
} from './key-backup';
import { makeIdentityHolder } from './key-ring-identity';
import { keptDevices, rotateBackup, wrapsOf } from './key-ring-removal';
import { writeWrapsFor, type ClearEpochKey, type RewrapResult } from './key-ring-rewrap';
import type { KeyRingStore } from './key-ring-store';
import { makeKeyWrapper } from './key-wrap';
import { createRecoveryKey, parseRecoveryKey } from './recovery-key';
import { isRecoverySealed, lockForRecovery, openWithRecovery } from './recovery-seal';
import { createContentKey } from './sealed-box';

export type { EpochWraps, KeyRingStore } from './key-ring-store';
export type { RewrapResult } from './key-ring-rewrap';

/** Why a recovery key was refused, for the person's eyes (see encryption-strings.ts). */
export type RecoveryRefusal = 'not-a-key' | 'wrong-key' | 'no-backup';

export class RecoveryError extends Error {
  constructor(readonly refusal: RecoveryRefusal) {
    super(`Recovery refused: ${refusal}`);
    this.name = 'RecoveryError';
  }
}

const entryId = (conversation: ConversationKey, epoch: string) => `${conversation}|${epoch}`;

export function makeKeyRing(me: DeviceIdentity, keys: EpochKeys, store: KeyRingStore) {
  const wrapper = makeKeyWrapper(me.privateKey);
  const wrapping = { me, keys, store };
  /** Epoch keys already in the backup, or being written to it. */
  const backedUp = new Set<string>();
  /** Epoch keys learned before this device holds the backup key (an unapproved device). */
  const pending = new Map<string, ClearEpochKey>();
  let backupKey: CryptoKey | null = null;
  /** The wrap this device opened its backup key from: another one means the key was rotated. */
  let heldWrap: string | null = null;
  /** Derived from the backup key with it (drafts-seal.ts): my drafts open on my devices only. */
  let draftsKey: DraftsKey | null = null;
  let opening: Promise<Uint8Array<ArrayBuffer> | null> | null = null;
  const writing = new Set<Promise<unknown>>();
  /** A recovery key made on this device and not yet confirmed as saved. */
  let unsavedRecoveryKey: string | null = null;
  const identity = makeIdentityHolder(me, store);
  /** This device is making the account's first backup: its identity is new, not an upgrade. */
  let settingUp = false;

  async function myDevice(deviceId: string) {
    const device = (await store.myDevices()).find((d) => d.deviceId === deviceId);
    if (!device) throw new CryptoError('bad-key', 'That device is not one of yours any more');
    return device;
  }

  /** The backup key's bytes through this device's wrap of it; null when it has none. */
  async function backupRawOfThisDevice(backup: StoredBackup | null) {
    const wrap = backup?.devices[me.deviceId];
    if (!wrap) return null;
    const from = await myDevice(wrap.from).catch(() => null);
    if (!from) return null;
    const context = backupWrapContext(me.uid, wrap.from, me.deviceId);
    const raw = await wrapper.unwrap(
      wrap.key,
      await importPublicKey(from.publicKey),
      from.publicKey,
      context,
    );
    heldWrap = wrap.key;
    return raw;
  }

  async function wrapBackupKeyFor(raw: Uint8Array, device: PublishedDevice) {
    const key = await wrapper.wrap(
      raw,
      await importPublicKey(device.publicKey),
      device.publicKey,
      backupWrapContext(me.uid, me.deviceId, device.deviceId),
    );
    return { deviceId: device.deviceId, key, from: me.deviceId };
  }

  async function backUp(conversation: ConversationKey, epoch: string, raw: Uint8Array) {
    const id = entryId(conversation, epoch);
    if (backedUp.has(id)) return;
    if (!backupKey) {
      pending.set(id, { conversation, epoch, raw });
      return;
    }
    backedUp.add(id);
    pending.delete(id);
    const envelope = await sealBackupEntry(backupKey, me.uid, conversation, epoch, raw);
    await store.putBackupEntry(conversation, epoch, envelope).catch(() => backedUp.delete(id));
  }

  async function takeBackupKey(raw: Uint8Array<ArrayBuffer>) {
    const [key, drafts] = await Promise.all([importBackupKey(raw), draftsKeyFrom(raw, me.uid)]);
    draftsKey = drafts;
    backupKey = key;
    const waiting = [...pending.values()];
    pending.clear();
    return Promise.all(waiting.map((k) => backUp(k.conversation, k.epoch, k.raw)));
  }

  return {
    /** For `makeEpochKeys`' hook: every key this device makes or opens goes into the backup. */
    learned(conversation: ConversationKey, epoch: string, raw: Uint8Array) {
      const write = backUp(conversation, epoch, raw).catch(() => undefined);
      writing.add(write);
      void write.finally(() => writing.delete(write));
    },

    /** The key my drafts are sealed with; null until this device holds the backup key. */
    draftsKey(): DraftsKey | null {
      return draftsKey;
    },

    /** Resolves once every backup write started so far has finished (or failed). */
    async settled() {
      await Promise.all([...writing]);
    },

    /** Every time the stored backup changes: take up the backup key once this device has a wrap. */
    async sync(backup: StoredBackup | null): Promise<boolean> {
      for (const [conversation, epochs] of Object.entries(backup?.keys ?? {})) {
        for (const epoch of Object.keys(epochs ?? {})) {
          backedUp.add(entryId(conversation as ConversationKey, epoch));
        }
      }
      const wrap = backup?.devices[me.deviceId]?.key;
      // A new wrap for this device: the backup key was rotated (a device removed) on another.
      if (!backupKey || (wrap && wrap !== heldWrap)) {
        opening ??= backupRawOfThisDevice(backup).catch(() => null);
        const raw = await opening;
        opening = null;
        if (!raw) return backupKey !== null;
        await takeBackupKey(raw);
      }
      if (backupKey && backup) await identity.adopt(backupKey, backup, !settingUp);
      return true;
    },

    /** The account's identity key, once this device holds it (key-ring-identity.ts). */
    identity: () => identity.current(),

    /** True once, after this device gave an existing account its identity key (the upgrade). */
    takeUpgradeNotice: () => identity.takeUpgradeNotice(),

    /**
     * The first device of an account: a backup, and the recovery key that opens it (shown once).
     * Refused, with nothing written, once `stillWanted` says no after the keys are made (signed
     * out meanwhile): the write would go out under another session, or none.
     */
    async setUp(stillWanted: () => boolean = () => true): Promise<string> {
      const recovery = await createRecoveryKey();
      const backup = await createContentKey();
      const lock = await lockForRecovery(me.uid, recovery.raw, backup.key, backup.raw);
      if (!stillWanted()) throw new Error('The session ended while its backup was made');
      settingUp = true;
      await store.createBackup(lock.sealed, await wrapBackupKeyFor(backup.raw, me), lock.recovery);
      unsavedRecoveryKey = recovery.text;
      await takeBackupKey(backup.raw);
      await identity.adopt(backup.key, null, false);
      return recovery.text;
    },

    /**
     * The recovery key to show in 'Save your recovery key': the one made here if it is still in
     * memory, otherwise a new one that replaces it (the old one was never confirmed as saved).
     */
    async recoveryKeyToSave(): Promise<string> {
      if (unsavedRecoveryKey) return unsavedRecoveryKey;
      const raw = await backupRawOfThisDevice(await store.readBackup());
      if (!raw) throw new RecoveryError('no-backup');
      const recovery = await createRecoveryKey();
      const lock = await lockForRecovery(me.uid, recovery.raw, await importBackupKey(raw), raw);
      await store.resealBackup(lock.sealed, lock.recovery);
      unsavedRecoveryKey = recovery.text;
      return recovery.text;
    },

    async confirmSaved() {
      await store.markBackupSaved();
      unsavedRecoveryKey = null;
    },

    /** Opens the backup with a typed recovery key and wraps every epoch key in it for this device. */
    async restore(typed: string): Promise<RewrapResult> {
      const recoveryRaw = await parseRecoveryKey(typed).catch(() => {
        throw new RecoveryError('not-a-key');
      });
      const backup = await store.readBackup();
      if (!backup) throw new RecoveryError('no-backup');
      const raw = await (
        isRecoverySealed(backup.sealed)
          ? openWithRecovery(me.uid, recoveryRaw, backup.sealed, backup.recovery)
          : openBackupKey(me.uid, recoveryRaw, backup.sealed)
      ).catch(() => {
        throw new RecoveryError('wrong-key');
      });
      const key = await importBackupKey(raw);
      if (!backup.recovery) {
        // A backup from before recovery pairs: sealed now for this same recovery key, so a later
        // rotation (a removed device) reaches it without anyone typing it.
        const lock = await lockForRecovery(me.uid, recoveryRaw, key, raw);
        await store.resealBackup(lock.sealed, lock.recovery, true).catch(() => undefined);
      }
      const self = await myDevice(me.deviceId);
      await store.putBackupDevice(await wrapBackupKeyFor(raw, self));
      const have = new Set(
        (await store.myWraps())
          .filter((e) => e.wraps[me.deviceId])
          .map((e) => entryId(e.conversation, e.epoch)),
      );
      const found: ClearEpochKey[] = [];
      for (const [conversation, epochs] of Object.entries(backup.keys)) {
        for (const [epoch, envelope] of Object.entries(epochs ?? {})) {
          const place = conversation as ConversationKey;
          if (have.has(entryId(place, epoch))) continue;
          // A damaged entry is skipped: every other one still opens.
          const epochRaw = await openBackupEntry(key, me.uid, place, epoch, envelope).catch(
            () => null,
          );
          if (epochRaw) found.push({ conversation: place, epoch, raw: epochRaw });
        }
      }
      const result = await writeWrapsFor(wrapping, self, found);
      await takeBackupKey(raw);
      // The identity comes from the backup the recovery key opened, never from the server's
      // record; with it this device signs itself (approved by the recovery key) and lists itself.
      if (await identity.adopt(key, backup, true)) {
        const listed = (await store.myDeviceList())?.ids.includes(me.deviceId);
        if (!listed) await store.putDeviceList(await identity.nextList({ add: me.deviceId }));
      }
      return result;
    },

    /**
     * From an approved device: every old epoch key this device reads, wrapped for `deviceId` (one
     * of my devices), the backup key too when this device holds it, then the device marked approved.
     */
    async approve(deviceId: string): Promise<RewrapResult> {
      const device = await myDevice(deviceId);
      // Approval is this signature: without the identity key there is nothing to approve with.
      const signature = await identity.sign(device);
      const found: ClearEpochKey[] = [];
      for (const { conversation, epoch, wraps } of await store.myWraps()) {
        const mine = wraps[me.deviceId];
        if (!mine || wraps[deviceId]) continue;
        const raw = await keys.openWrap(conversation, epoch, mine).catch(() => null);
        if (raw) found.push({ conversation, epoch, raw });
      }
      const result = await writeWrapsFor(wrapping, device, found);
      const backupRaw = await backupRawOfThisDevice(await store.readBackup()).catch(() => null);
      if (backupRaw) await store.putBackupDevice(await wrapBackupKeyFor(backupRaw, device));
      const list = await identity.nextList({ add: deviceId });
      await store.markApproved(deviceId, me.deviceId, signature, list);
      return result;
    },

    /**
     * 'Remove' (key-ring-removal.ts): a signed device list without `deviceId`, the backup under a
     * new key, its wraps deleted, in one update. Returns a new recovery key to show when the
     * backup predates recovery pairs (it had to be replaced), else null.
     */
    async removeDevice(deviceId: string): Promise<string | null> {
      if (deviceId === me.deviceId) throw new CryptoError('bad-key', 'This device removes others');
      const backup = await store.readBackup();
      const oldKey = backupKey;
      if (!backup || !oldKey || !identity.current()) {
        throw new CryptoError('bad-key', 'Only an approved device can remove another');
      }
      const list = await identity.nextList({ remove: deviceId });
      const [mine, wraps] = await Promise.all([store.myDevices(), store.myWraps()]);
      const rotated = await rotateBackup({
        uid: me.uid,
        backup,
        oldKey,
        keeping: keptDevices(list, mine),
        wrapFor: (raw, device) => wrapBackupKeyFor(raw, device),
      });
      await store.removeDevice({
        deviceId,
        list,
        backup: rotated.backup,
        wraps: wrapsOf(wraps, deviceId),
      });
      heldWrap = rotated.backup.devices[me.deviceId]?.key ?? null;
      await takeBackupKey(rotated.raw);
      if (rotated.recoveryKey) unsavedRecoveryKey = rotated.recoveryKey;
      return rotated.recoveryKey;
    },
  };
}

export type KeyRing = ReturnType<typeof makeKeyRing>;
