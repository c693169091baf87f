/**
 * The key ring's steps that run on a click, not at every start (key-ring.ts): a new recovery key,
 * the recovery key typed on a new device, the approval of a new device, and 'Remove'. Loaded when
 * first used, so the first screen does not carry them.
 */
import type { ConversationKey } from '../../conversation-key';
import { CryptoError, RecoveryError } from '../crypto-errors';
import { importIdentityKey, verifyDevice } from '../identity-key';
import type { EpochKeys } from '../epochs/epoch-keys';
import type { DeviceIdentity, PublishedDevice } from '../epochs/key-directory';
import { importBackupKey, openBackupEntry, openBackupKey, type StoredBackup } from '../key-backup';
import {
  createSigner,
  masterFor,
  sealMaster,
  secureMaster,
  signAll,
  type IdentityHolder,
} from '../signing';
import { keptDevices, rotateBackup, wrapsOf } from './key-ring-removal';
import { writeWrapsFor, type ClearEpochKey, type RewrapResult } from './key-ring-rewrap';
import type { KeyRingStore } from './key-ring-store';
import { createRecoveryKey, parseRecoveryKey } from '../recovery-key';
import { isRecoverySealed, lockForRecovery, openWithRecovery } from '../recovery-seal';

/** What these steps read and change of a key ring (key-ring.ts makes it). */
export interface RingInternals {
  me: DeviceIdentity;
  keys: EpochKeys;
  store: KeyRingStore;
  identity: IdentityHolder;
  myDevice(deviceId: string): Promise<PublishedDevice & { approvedBy: string | null }>;
  backupRawOfThisDevice(backup: StoredBackup | null): Promise<Uint8Array<ArrayBuffer> | null>;
  wrapBackupKeyFor(
    raw: Uint8Array,
    device: PublishedDevice,
  ): Promise<{ deviceId: string; key: string; from: string }>;
  takeBackupKey(raw: Uint8Array<ArrayBuffer>): Promise<unknown>;
  backupKey(): CryptoKey | null;
  /** Notes the wrap this device now holds the backup key through. */
  heldWrap(key: string | null): void;
  /** A recovery key made on this device and not yet confirmed as saved. */
  unsaved: { get(): string | null; set(key: string | null): void };
}

const entryId = (conversation: ConversationKey, epoch: string) => `${conversation}|${epoch}`;

export async function recoveryKeyToSave(ring: RingInternals): Promise<string> {
  const { me, store } = ring;
  const unsaved = ring.unsaved.get();
  if (unsaved) return unsaved;
  const raw = await ring.backupRawOfThisDevice(await store.readBackup());
  if (!raw) throw new RecoveryError('no-backup');
  const recovery = await createRecoveryKey();
  const lock = await lockForRecovery(me.uid, recovery.raw, await importBackupKey(raw), raw);
  // The master, held while the backup still carries it, is sealed for the new key too.
  const held = ring.identity.held();
  const master = held ? await sealMaster(me.uid, recovery.raw, held.secret) : undefined;
  await store.resealBackup(lock.sealed, lock.recovery, false, master);
  ring.unsaved.set(recovery.text);
  return recovery.text;
}

/** The typed recovery key's bytes, and the backup key it opens: RecoveryError otherwise. */
async function openTyped(uid: string, typed: string, backup: StoredBackup | null) {
  const recoveryRaw = await parseRecoveryKey(typed).catch(() => {
    throw new RecoveryError('not-a-key');
  });
  if (!backup) throw new RecoveryError('no-backup');
  const raw = await (
    isRecoverySealed(backup.sealed)
      ? openWithRecovery(uid, recoveryRaw, backup.sealed, backup.recovery)
      : openBackupKey(uid, recoveryRaw, backup.sealed)
  ).catch(() => {
    throw new RecoveryError('wrong-key');
  });
  return { recoveryRaw, raw, backup };
}

export async function restore(ring: RingInternals, typed: string): Promise<RewrapResult> {
  const { me, store, identity } = ring;
  const { recoveryRaw, raw, backup } = await openTyped(me.uid, typed, await store.readBackup());
  const key = await importBackupKey(raw);
  if (!backup.recovery) {
    // A backup from before recovery pairs: sealed now for this same recovery key, so a later
    // rotation (a removed device) reaches it without anyone typing it.
    const lock = await lockForRecovery(me.uid, recoveryRaw, key, raw);
    await store.resealBackup(lock.sealed, lock.recovery, true).catch(() => undefined);
  }
  const self = await ring.myDevice(me.deviceId);
  const wrap = await ring.wrapBackupKeyFor(raw, self);
  await store.putBackupDevice(wrap);
  ring.heldWrap(wrap.key);
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
      const epochRaw = await openBackupEntry(key, me.uid, place, epoch, envelope).catch(() => null);
      if (epochRaw) found.push({ conversation: place, epoch, raw: epochRaw });
    }
  }
  const result = await writeWrapsFor(ring, self, found);
  await ring.takeBackupKey(raw);
  // The identity comes from the backup the recovery key opened, never from the server's
  // record; with it this device signs itself (approved by the recovery key) and lists itself.
  // The master then leaves the backup key's reach, and an account from before device-signing
  // keys gets its first one (signing/key-ring-master.ts); should that update fail, the account
  // stays as it was, and the next recovery key typed tries again.
  if (await identity.adopt(key, backup, true)) {
    await secureMaster(me, store, identity, recoveryRaw, backup, key).catch(() => undefined);
    const listed = (await store.myDeviceList())?.ids.includes(me.deviceId);
    if (!listed) await store.putDeviceList(await identity.nextList({ add: me.deviceId }));
  }
  return result;
}

export async function approve(ring: RingInternals, deviceId: string): Promise<RewrapResult> {
  const { me, keys, store, identity } = ring;
  const device = await ring.myDevice(deviceId);
  // Approval is this signature: without the identity key there is nothing to approve with.
  const signature = await identity.sign(device);
  const found: ClearEpochKey[] = [];
  for (const { conversation, epoch, wraps } of await store.myWraps()) {
    const mine = wraps[me.deviceId];
    if (!mine || wraps[deviceId]) continue;
    const raw = await keys.openWrap(conversation, epoch, mine).catch(() => null);
    if (raw) found.push({ conversation, epoch, raw });
  }
  const result = await writeWrapsFor(ring, device, found);
  const backupRaw = await ring.backupRawOfThisDevice(await store.readBackup()).catch(() => null);
  if (backupRaw) await store.putBackupDevice(await ring.wrapBackupKeyFor(backupRaw, device));
  const list = await identity.nextList({ add: deviceId });
  await store.markApproved(deviceId, me.deviceId, signature, list);
  return result;
}

/**
 * With the recovery key: the master it opens certifies the next device-signing key (the highest
 * version this account published, plus one), which signs the list and every device kept.
 */
async function newSigner(ring: RingInternals, recoveryKey: string, backup: StoredBackup) {
  const { me, store, identity } = ring;
  const { recoveryRaw } = await openTyped(me.uid, recoveryKey, backup);
  const master = await masterFor(me.uid, recoveryRaw, backup, identity);
  if (!master) throw new RecoveryError('wrong-key');
  const stored = (await store.myDeviceList())?.signer?.version ?? 0;
  const version = Math.max(stored, identity.signer()?.cert.version ?? 0) + 1;
  return { recoveryRaw, master, signer: await createSigner(master.key, me.uid, version) };
}

export async function removeDevice(
  ring: RingInternals,
  deviceId: string,
  recoveryKey?: string,
): Promise<string | null> {
  const { me, store, identity } = ring;
  if (deviceId === me.deviceId) throw new CryptoError('bad-key', 'This device removes others');
  const backup = await store.readBackup();
  const oldKey = ring.backupKey();
  if (!backup || !oldKey || !identity.current()) {
    throw new CryptoError('bad-key', 'Only an approved device can remove another');
  }
  const typed = recoveryKey ? await newSigner(ring, recoveryKey, backup) : undefined;
  const list = await identity.nextList({ remove: deviceId }, typed?.signer.signer);
  const [mine, wraps] = await Promise.all([store.myDevices(), store.myWraps()]);
  const keeping = keptDevices(list, mine);
  const rotated = await rotateBackup({
    uid: me.uid,
    backup,
    oldKey,
    keeping,
    wrapFor: (raw, device) => ring.wrapBackupKeyFor(raw, device),
    typed,
  });
  // Every device kept signed again by the new key; one the old key had not signed stays unsigned.
  const signed = typed ? await Promise.all(keeping.map((d) => isSignedNow(ring, d))) : [];
  await store.removeDevice({
    deviceId,
    list,
    signatures: typed
      ? await signAll(
          typed.signer.signer,
          me.uid,
          keeping.filter((_, i) => signed[i]),
        )
      : {},
    backup: rotated.backup,
    wraps: wrapsOf(wraps, deviceId),
  });
  const { devices } = rotated.backup;
  ring.heldWrap(me.deviceId in devices ? devices[me.deviceId].key : null);
  await ring.takeBackupKey(rotated.raw);
  if (typed) identity.took({ signer: typed.signer.signer, held: null });
  if (rotated.recoveryKey) ring.unsaved.set(rotated.recoveryKey);
  return rotated.recoveryKey;
}

/** `device`'s entry verifies against what signs my devices now. */
async function isSignedNow(ring: RingInternals, device: PublishedDevice) {
  const by = ring.identity.signer()?.key.publicKey ?? ring.identity.held()?.key.publicKey;
  if (!by) return false;
  return verifyDevice(await importIdentityKey(by), ring.me.uid, device, device.signature);
}
