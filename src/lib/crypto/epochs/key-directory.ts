/**
 * What the epoch keys work with (docs/security/e2ee.md, "Keys in a conversation"): this
 * device's identity, the devices people publish, the wraps stored for a device, and the
 * database side as a `KeyDirectory` (src/lib/firebase/encryption/gateway.ts in the app; the same
 * in the integration tests). Kept apart from epoch-keys.ts so that the gateways and the key
 * ring name these shapes without loading the key manager.
 */
import type { ConversationKey } from '../../conversation-key';
import type { DeviceList } from '../device-list';

export interface PublishedDevice {
  uid: string;
  deviceId: string;
  publicKey: string;
  /** The account's identity key's signature of this device (identity-key.ts); none while unapproved. */
  signature?: string | null;
}

export interface StoredWrap {
  key: string;
  by: string;
  from: string;
}

export interface KeyDirectory {
  /**
   * Every published device of these people (readable to me: a friend, a co-member, myself), as
   * the server has them: signed or not. Only `makeEpochKeys` decides which of them to trust.
   */
  devicesOf(conversation: ConversationKey, uids: readonly string[]): Promise<PublishedDevice[]>;
  /** `uid`'s published identity key, or null when they have none (yet). */
  identityOf(conversation: ConversationKey, uid: string): Promise<string | null>;
  /** `uid`'s signed device list as published (device-list.ts), or null for none. */
  deviceListOf(conversation: ConversationKey, uid: string): Promise<DeviceList | null>;
  /**
   * One update: every wrap of a new epoch, and a wait for each party with no device yet
   * (late-wraps.ts wraps it for them once they have one).
   */
  writeEpoch(
    conversation: ConversationKey,
    epoch: string,
    wraps: ReadonlyArray<{ uid: string; deviceId: string; key: string; from: string }>,
    waiting: readonly string[],
  ): Promise<void>;
  readWrap(
    conversation: ConversationKey,
    epoch: string,
    deviceId: string,
  ): Promise<StoredWrap | null>;
  /** The sender named by my wait for `epoch` (an epoch made while I had no device), or null. */
  readWait(conversation: ConversationKey, epoch: string): Promise<string | null>;
  newEpochId(): string;
}

export interface DeviceIdentity {
  uid: string;
  deviceId: string;
  privateKey: CryptoKey;
  publicKey: string;
}

/** Where a wrap belongs: the conversation, the epoch, the wrapping and the receiving device. */
export const wrapContext = (
  conversation: ConversationKey,
  epoch: string,
  from: { uid: string; deviceId: string },
  to: { uid: string; deviceId: string },
) => `chatty/wrap|${conversation}|${epoch}|${from.uid}/${from.deviceId}|${to.uid}/${to.deviceId}`;
