/**
 * The key backup's key on this device (docs/security/e2ee.md, "A new device"): opened from this
 * device's wrap of it, taken up again when another device rotates it (a device removed), and
 * fed with every epoch key this device learns, sealed under it. An epoch key learned before the
 * device holds it (an unapproved device) waits in memory. The drafts key is derived from it
 * (drafts-seal.ts). key-ring.ts builds the ring's other steps on this.
 */
import type { ConversationKey } from '../../conversation-key';
import { CryptoError } from '../crypto-errors';
import { importPublicKey } from '../device-keys';
import { draftsKeyFrom, type DraftsKey } from '../drafts-seal';
import type { DeviceIdentity, PublishedDevice } from '../epochs/key-directory';
import {
  backupWrapContext,
  importBackupKey,
  sealBackupEntry,
  type StoredBackup,
} from '../key-backup';
import { makeKeyWrapper } from '../key-wrap';
import type { ClearEpochKey } from './key-ring-rewrap';
import type { KeyRingStore } from './key-ring-store';

const entryId = (conversation: ConversationKey, epoch: string) => `${conversation}|${epoch}`;

export function makeBackupKeyHolder(me: DeviceIdentity, store: KeyRingStore) {
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
    myDevice,
    backupRawOfThisDevice,
    wrapBackupKeyFor,
    takeBackupKey,
    backupKey: () => backupKey,
    draftsKey: () => draftsKey,
    /** Notes the wrap this device now holds the backup key through. */
    holdWrap: (key: string) => {
      heldWrap = key;
    },

    /** An epoch key this device made or opened, into the backup (or kept until it can be). */
    learned: (conversation: ConversationKey, epoch: string, raw: Uint8Array) => {
      const write = backUp(conversation, epoch, raw).catch(() => undefined);
      writing.add(write);
      void write.finally(() => writing.delete(write));
    },

    /** Resolves once every backup write started so far has finished (or failed). */
    settled: async () => {
      await Promise.all([...writing]);
    },

    /**
     * The stored backup as it changed: its entries noted as backed up, and the backup key taken
     * up once this device has a wrap of it (again when the wrap changed: the key was rotated).
     * 'unopened' when a wrap to open did not open (none yet, or its device is gone).
     */
    async take(backup: StoredBackup | null): Promise<'held' | 'unopened'> {
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
        if (!raw) return 'unopened';
        await takeBackupKey(raw);
      }
      return 'held';
    },
  };
}
