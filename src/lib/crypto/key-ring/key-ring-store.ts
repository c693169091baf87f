/** What the key ring (key-ring.ts) reads and writes in the database (backup.ts). */
import type { ConversationKey } from '../../conversation-key';
import type { PublishedDevice, StoredWrap } from '../epochs/key-directory';
import type { DeviceList } from '../device-list';
import type { StoredBackup } from '../key-backup';
import type { RecoveryLock } from '../recovery-seal';

export interface EpochWraps {
  conversation: ConversationKey;
  epoch: string;
  /** My devices' wraps of this epoch, by device id. */
  wraps: Partial<Record<string, StoredWrap>>;
}

export interface NewWrap {
  epoch: string;
  deviceId: string;
  key: string;
  from: string;
}

/** The database side of the key ring, always as the signed-in owner. */
export interface KeyRingStore {
  /**
   * My published devices, with their signatures (approval is a signature: signing/key-ring-identity.ts);
   * `approvedBy` names the approving device, a hint for the prompts only.
   */
  myDevices(): Promise<Array<PublishedDevice & { approvedBy: string | null }>>;
  /** Every epoch wrapped for any of my devices, in every conversation I am in. */
  myWraps(): Promise<EpochWraps[]>;
  /** Wraps of one conversation under my uid, `by` = me, in one update. */
  writeWraps(conversation: ConversationKey, wraps: readonly NewWrap[]): Promise<void>;
  readBackup(): Promise<StoredBackup | null>;
  createBackup(
    sealed: string,
    device: { deviceId: string; key: string; from: string },
    recovery: RecoveryLock,
  ): Promise<void>;
  /**
   * The backup key sealed for a new recovery key (`saved`: the same one, already saved), with the
   * master sealed for it too when this device holds the master.
   */
  resealBackup(
    sealed: string,
    recovery: RecoveryLock,
    saved?: boolean,
    master?: string | null,
  ): Promise<void>;
  /** The recovery key saved; `dropIdentity`: the master leaves the backup key's reach with it. */
  markBackupSaved(dropIdentity?: boolean): Promise<void>;
  putBackupDevice(device: { deviceId: string; key: string; from: string }): Promise<void>;
  putBackupEntry(conversation: ConversationKey, epoch: string, envelope: string): Promise<void>;
  /**
   * A device approved: its identity signature, and the device that made it; with `list`, the
   * signed device list naming it, in the same update.
   */
  markApproved(deviceId: string, by: string, signature: string, list?: DeviceList): Promise<void>;
  /**
   * One update: the account's new identity key sealed into the backup, its public half published,
   * this device's signature by it, and the first device list.
   */
  publishIdentity(
    identity: { sealed: string; publicKey: string; signing: string; master: string | null },
    device: { deviceId: string; signature: string },
    list: DeviceList,
  ): Promise<void>;
  /** My signed device list as stored (device-list.ts), null for none or a damaged one. */
  myDeviceList(): Promise<DeviceList | null>;
  putDeviceList(list: DeviceList): Promise<void>;
  /** One update: everything 'Remove' changes (key-ring-removal.ts). */
  removeDevice(removal: DeviceRemoval): Promise<void>;
  /**
   * One update, the recovery key typed (signing/key-ring-master.ts): the master sealed under it and out of
   * the backup key's reach, the backup marked saved; for an account from before device-signing
   * keys, its first one with my devices signed again by it and a new list.
   */
  secureMaster(change: {
    master: string;
    signatures: Record<string, string>;
    signing?: string;
    list?: DeviceList;
  }): Promise<void>;
}

/** What removing one of my devices writes, in one update (key-ring-removal.ts). */
export interface DeviceRemoval {
  deviceId: string;
  /** The new signed device list, without it. */
  list: DeviceList;
  /** The devices kept, signed again by a new device-signing key (a removal with the recovery key). */
  signatures: Record<string, string>;
  /** The backup under a new backup key: every part of it sealed again. */
  backup: {
    sealed: string;
    recovery: RecoveryLock;
    devices: Record<string, { key: string; from: string }>;
    keys: Partial<Record<ConversationKey, Record<string, string>>>;
    identity: string | null;
    signing: string | null;
    master: string | null;
    /** A new recovery key was made (a backup from before recovery pairs): not saved yet. */
    unsaved: boolean;
  };
  /** Its wraps, deleted: each epoch of each conversation that had one. */
  wraps: ReadonlyArray<{ conversation: ConversationKey; epoch: string }>;
}
