/** What the key ring (key-ring.ts) reads and writes in the database (backup.ts). */
import type { ConversationKey } from '../conversation-key';
import type { PublishedDevice, StoredWrap } from './epoch-keys';
import type { StoredBackup } from './key-backup';

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
   * My published devices, with their signatures (approval is a signature: key-ring-identity.ts);
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
  ): Promise<void>;
  resealBackup(sealed: string): Promise<void>;
  markBackupSaved(): Promise<void>;
  putBackupDevice(device: { deviceId: string; key: string; from: string }): Promise<void>;
  putBackupEntry(conversation: ConversationKey, epoch: string, envelope: string): Promise<void>;
  /** A device approved: its identity signature, and the device that made it. */
  markApproved(deviceId: string, by: string, signature: string): Promise<void>;
  /**
   * One update: the account's new identity key sealed into the backup, its public half published,
   * and this device's signature by it.
   */
  publishIdentity(
    identity: { sealed: string; publicKey: string },
    device: { deviceId: string; signature: string },
  ): Promise<void>;
}
