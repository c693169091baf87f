/**
 * Old epoch keys for a new device (docs/security/e2ee.md, "A new device"): the key backup fed with
 * every epoch key this device learns, a recovery key that opens it on another device, and the
 * approval of a new device by one I already use, which re-wraps every old epoch key I can read for
 * it. Both ways end in ordinary wraps under my uid (`by` = me), so a message opens the same way
 * whether its key came from the sender, an approval or the recovery key. The backup key itself,
 * and the epoch keys sealed under it, are held by backup-key-holder.ts; the steps run on a click,
 * by key-ring-actions.ts.
 */
import type { RingInternals } from './key-ring-actions';
import type { EpochKeys } from '../epochs/epoch-keys';
import type { DeviceIdentity } from '../epochs/key-directory';
import type { StoredBackup } from '../key-backup';
import type { IdentityHolder } from '../signing';
import { makeBackupKeyHolder } from './backup-key-holder';
import type { RewrapResult } from './key-ring-rewrap';
import type { KeyRingStore } from './key-ring-store';
import { createContentKey } from '../sealed-box';

export type { EpochWraps, KeyRingStore } from './key-ring-store';
export type { RewrapResult } from './key-ring-rewrap';

export { RecoveryError } from '../crypto-errors';

/**
 * Sealing for the recovery key and removing a device run at set-up, recovery and 'Remove' only:
 * loaded then, not with the first screen.
 */
const recoverySeal = () => import('../recovery-seal');
const recoveryKeys = () => import('../recovery-key');
const actions = () => import('./key-ring-actions');
/** The signing keys' holder runs after the first screen (a backup sync): loaded then. */
const signing = () => import('../signing');

export function makeKeyRing(me: DeviceIdentity, keys: EpochKeys, store: KeyRingStore) {
  const backup = makeBackupKeyHolder(me, store);
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

  /** What the key ring's less frequent steps (key-ring-actions.ts) work with. */
  const internals = async (): Promise<RingInternals> => ({
    me,
    keys,
    store,
    identity: await identity(),
    myDevice: backup.myDevice,
    backupRawOfThisDevice: backup.backupRawOfThisDevice,
    wrapBackupKeyFor: backup.wrapBackupKeyFor,
    takeBackupKey: backup.takeBackupKey,
    backupKey: backup.backupKey,
    heldWrap: backup.holdWrap,
    unsaved: {
      get: () => unsavedRecoveryKey,
      set: (key) => {
        unsavedRecoveryKey = key;
      },
    },
  });

  return {
    /** For `makeEpochKeys`' hook: every key this device makes or opens goes into the backup. */
    learned: backup.learned,

    /** The key my drafts are sealed with; null until this device holds the backup key. */
    draftsKey: backup.draftsKey,

    /** Resolves once every backup write started so far has finished (or failed). */
    settled: backup.settled,

    /** Every time the stored backup changes: take up the backup key once this device has a wrap. */
    async sync(stored: StoredBackup | null): Promise<boolean> {
      if ((await backup.take(stored)) === 'unopened') return backup.backupKey() !== null;
      const key = backup.backupKey();
      if (key && stored) await (await identity()).adopt(key, stored, !settingUp);
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
      const made = await createContentKey();
      const { lockForRecovery } = await recoverySeal();
      const lock = await lockForRecovery(me.uid, recovery.raw, made.key, made.raw);
      if (!stillWanted()) throw new Error('The session ended while its backup was made');
      settingUp = true;
      const wrap = await backup.wrapBackupKeyFor(made.raw, me);
      await store.createBackup(lock.sealed, wrap, lock.recovery);
      backup.holdWrap(wrap.key);
      unsavedRecoveryKey = recovery.text;
      await backup.takeBackupKey(made.raw);
      await (await identity()).adopt(made.key, null, false, recovery.raw);
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
