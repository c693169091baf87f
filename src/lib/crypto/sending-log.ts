/**
 * The epochs this device sends under (docs/security/e2ee.md, "Choosing the sending epoch"): per
 * conversation, the epoch it made last, the digest of the device set it was wrapped for, when it
 * was made and how many sends it sealed. Kept on the device (IndexedDB: sending-log-idb.ts), never
 * read from the server: a pointer the operator writes at the old `senderEpochs` path (no longer
 * written by the app; migration 006 deleted it) to an epoch a removed device holds changes nothing.
 */
import type { ConversationKey } from '../conversation-key';

export interface SentEpoch {
  epoch: string;
  /** The digest of the device set it was wrapped for (epoch-keys.ts `deviceSetDigest`). */
  devices: string;
  /** When this device made it (ms, its own clock). */
  at: number;
  /** Sends sealed under it, as far as this device has counted (saved every few sends). */
  count: number;
}

export interface SendingLog {
  get(uid: string, conversation: ConversationKey): Promise<SentEpoch | undefined>;
  put(uid: string, conversation: ConversationKey, sent: SentEpoch): Promise<void>;
}

/**
 * Rotation on a schedule (docs/security/e2ee.md): an epoch serves at most 7 days or 1,000 sends,
 * so a key stolen from a device opens a bounded window of what follows.
 */
export const EPOCH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const EPOCH_MAX_SENDS = 1000;

export const epochStillFresh = (sent: SentEpoch, now: number) =>
  sent.count < EPOCH_MAX_SENDS && now - sent.at < EPOCH_MAX_AGE_MS && now >= sent.at;

/** In memory: Node (the integration tests) and browsers that keep no IndexedDB. */
export function memorySendingLog(): SendingLog {
  const log = new Map<string, SentEpoch>();
  return {
    get: (uid, conversation) => Promise.resolve(log.get(`${uid}|${conversation}`)),
    put: (uid, conversation, sent) => {
      log.set(`${uid}|${conversation}`, { ...sent });
      return Promise.resolve();
    },
  };
}
