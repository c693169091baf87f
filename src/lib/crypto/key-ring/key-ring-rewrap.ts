/**
 * Old epoch keys wrapped for one of my devices (key-ring.ts: an approval, or a recovery key on
 * this device), written as ordinary wraps under my uid, one update per conversation.
 */
import type { ConversationKey } from '../../conversation-key';
import type { EpochKeys } from '../epochs/epoch-keys';
import type { DeviceIdentity, PublishedDevice } from '../epochs/key-directory';
import type { KeyRingStore, NewWrap } from './key-ring-store';

/** An epoch key in the clear, and where it belongs. */
export interface ClearEpochKey {
  conversation: ConversationKey;
  epoch: string;
  raw: Uint8Array;
}

export interface RewrapResult {
  /** Epoch keys now wrapped for the device. */
  keys: number;
  /** Conversations whose wraps the rules refused (a group left since, a friendship ended). */
  refused: number;
}

/** Writes wraps for `device`, one update per conversation so one refusal spoils no other. */
export async function writeWrapsFor(
  { me, keys, store }: { me: DeviceIdentity; keys: EpochKeys; store: KeyRingStore },
  device: PublishedDevice,
  found: readonly ClearEpochKey[],
): Promise<RewrapResult> {
  const byConversation = new Map<ConversationKey, NewWrap[]>();
  for (const { conversation, epoch, raw } of found) {
    const key = await keys.wrapFor(conversation, epoch, raw, device);
    const list = byConversation.get(conversation) ?? [];
    list.push({ epoch, deviceId: device.deviceId, key, from: me.deviceId });
    byConversation.set(conversation, list);
  }
  const results = await Promise.allSettled(
    [...byConversation].map(([conversation, wraps]) => store.writeWraps(conversation, wraps)),
  );
  let written = 0;
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') written += [...byConversation.values()][i]?.length ?? 0;
  });
  return { keys: written, refused: results.filter((r) => r.status === 'rejected').length };
}
