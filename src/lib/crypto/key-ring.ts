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
import type { RingInternals } from './key-ring-actions';
import { draftsKeyFrom, type DraftsKey } from './drafts-seal';
import type { DeviceIdentity, EpochKeys, PublishedDevice } from './epoch-keys';
import {
  backupWrapContext,
  importBackupKey,
  sealBackupEntry,
  type StoredBackup,
} from './key-backup';
import type { IdentityHolder } from './signing';
import type { ClearEpochKey, RewrapResult } from './key-ring-rewrap';
import type { KeyRingStore } from './key-ring-store';
import { makeKeyWrapper } from './key-wrap';
import { createContentKey } from './sealed-box';

export type { EpochWraps, KeyRingStore } from './key-ring-store';
export type { RewrapResult } from './key-ring-rewrap';

export { RecoveryError } from './crypto-errors';

const entryId = (conversation: ConversationKey, epoch: string) => `${conversation}|${epoch}`;

/**
 * Sealing for the recovery key and removing a device run at set-up, recovery and 'Remove' only:
 * loaded then, not with the first screen.
 */
const recoverySeal = () => import('./recovery-seal');
const recoveryKeys = () => import('./recovery-key');
const actions = () => import('./key-ring-actions');
/** The signing keys' holder runs after the first screen (a backup sync): loaded then. */
const signing = () => import('./signing');

export function makeKeyRing(me: DeviceIdentity, keys: EpochKeys, store: KeyRingStore) {
  const wrapper = makeKeyWrapper(me.privateKey);
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
  /** The holder of my signing keys (signing/key-ring-identity.ts), made on first use. */
  let holder: IdentityHolder | null = null;
  let holding: Promise<IdentityHolder> | null = null;
  const identity = () =>
    (holding ??= signing().then(
      ({ makeIdentityHolder }) => {
        holder = makeIdentityHolder(me, store);
        return holder;
      },
      (error: unknown) => {
        // Not loaded (offline): tried again at the next use.
        holding = null;
        throw error;
      },
    ));
  // Loaded now, beside the backup's first read: a first device publishes its identity as soon as
  // its backup is made, and other people's devices wait for it to trust the device.
  void identity().catch(() => undefined);
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

  /** What the key ring's less frequent steps (key-ring-actions.ts) work with. */
  const internals = async (): Promise<RingInternals> => ({
    me,
    keys,
    store,
    identity: await identity(),
    myDevice,
    backupRawOfThisDevice,
    wrapBackupKeyFor,
    takeBackupKey,
    backupKey: () => backupKey,
    heldWrap: (key) => {
      heldWrap = key;
    },
    unsaved: {
      get: () => unsavedRecoveryKey,
      set: (key) => {
        unsavedRecoveryKey = key;
      },
    },
  });

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
      if (backupKey && backup) await (await identity()).adopt(backupKey, backup, !settingUp);
      return true;
    },

    /**
     * The account's identity (master) public key, once this device holds its signing keys
     * (signing/key-ring-identity.ts): null on a device not approved yet.
     */
    identity: () => holder?.current() ?? null,

    /** The device-signing key this device holds (what a tampered device would keep). */
    signer: () => holder?.signer() ?? null,

    /** True once, after this device gave an existing account its identity key (the upgrade). */
    takeUpgradeNotice: () => holder?.takeUpgradeNotice() ?? false,

    /**
     * The first device of an account: a backup, and the recovery key that opens it (shown once).
     * Refused, with nothing written, once `stillWanted` says no after the keys are made (signed
     * out meanwhile): the write would go out under another session, or none.
     */
    async setUp(stillWanted: () => boolean = () => true): Promise<string> {
      const recovery = await (await recoveryKeys()).createRecoveryKey();
      const backup = await createContentKey();
      const { lockForRecovery } = await recoverySeal();
      const lock = await lockForRecovery(me.uid, recovery.raw, backup.key, backup.raw);
      if (!stillWanted()) throw new Error('The session ended while its backup was made');
      settingUp = true;
      const wrap = await wrapBackupKeyFor(backup.raw, me);
      await store.createBackup(lock.sealed, wrap, lock.recovery);
      heldWrap = wrap.key;
      unsavedRecoveryKey = recovery.text;
      await takeBackupKey(backup.raw);
      await (await identity()).adopt(backup.key, null, false, recovery.raw);
      return recovery.text;
    },

    /**
     * The recovery key to show in 'Save your recovery key': the one made here if it is still in
     * memory, otherwise a new one that replaces it (the old one was never confirmed as saved).
     */
    async recoveryKeyToSave(): Promise<string> {
      return (await actions()).recoveryKeyToSave(await internals());
    },

    /** 'I saved it': the master, sealed under that recovery key, leaves the backup key's reach. */
    async confirmSaved() {
      await store.markBackupSaved((await store.readBackup())?.master != null);
      unsavedRecoveryKey = null;
    },

    /** Opens the backup with a typed recovery key and wraps every epoch key in it for this device. */
    async restore(typed: string): Promise<RewrapResult> {
      return (await actions()).restore(await internals(), typed);
    },

    /**
     * From an approved device: every old epoch key this device reads, wrapped for `deviceId` (one
     * of my devices), the backup key too when this device holds it, then the device marked approved.
     */
    async approve(deviceId: string): Promise<RewrapResult> {
      return (await actions()).approve(await internals(), deviceId);
    },

    /**
     * 'Remove' (key-ring-removal.ts): a signed device list without `deviceId`, the backup under a
     * new key, its wraps deleted, in one update; with the recovery key typed, a new device-signing
     * key too, which locks out a removed device that kept its keys. Returns a new recovery key to
     * show when the backup predates recovery pairs (it had to be replaced), else null. A wrong
     * recovery key is a RecoveryError, with nothing written.
     */
    async removeDevice(deviceId: string, recoveryKey?: string): Promise<string | null> {
      return (await actions()).removeDevice(await internals(), deviceId, recoveryKey);
    },
  };
}

export type KeyRing = ReturnType<typeof makeKeyRing>;
