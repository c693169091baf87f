/**
 * The epoch I send under in a conversation (docs/security/e2ee.md, "Keys in a conversation"):
 * kept while the conversation's device set is unchanged and the epoch is fresh
 * (sending-log.ts), else made anew, wrapped for every trusted device and written with a wait for
 * each party without one (late-wraps.ts). Chosen from this device's own record, never from the
 * server. Used by epoch-keys.ts, which reads keys and trusts devices.
 */
import type { ConversationKey } from '../../conversation-key';
import { toBase64Url, utf8 } from '../crypto-bytes';
import { createContentKey } from '../sealed-box';
import { epochStillFresh, type SendingLog, type SentEpoch } from '../sending-log';
import type { DeviceIdentity, KeyDirectory, PublishedDevice } from './key-directory';

/**
 * A short digest of a device set: a different set (added, removed, re-keyed) means a new epoch.
 * A party without a device counts as `uid/-`, so one joining or leaving a group starts an epoch
 * too: the epoch owed to them (late-wraps.ts) never holds messages from before they joined.
 */
async function deviceSetDigest(
  devices: readonly PublishedDevice[],
  parties: readonly string[] = [],
): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8(deviceSetText(devices, parties)));
  return toBase64Url(digest);
}

/** What the digest is taken of: one sorted line per device (`uid/-` for a party with none). */
function deviceSetText(devices: readonly PublishedDevice[], parties: readonly string[]) {
  const lines = devices.map((d) => `${d.uid}/${d.deviceId}/${d.publicKey}`);
  for (const uid of parties) if (!devices.some((d) => d.uid === uid)) lines.push(`${uid}/-`);
  return lines.sort().join('\n');
}

/** A send is counted in the log at most this often; a restart may undercount by as many. */
const SAVE_COUNT_EVERY = 20;

interface SendingDeps {
  me: DeviceIdentity;
  directory: Pick<KeyDirectory, 'newEpochId' | 'writeEpoch'>;
  log: SendingLog;
  now: () => number;
  /** A wrap of `raw` for `device`, made by this device. */
  wrapFor: (
    conversation: ConversationKey,
    epoch: string,
    raw: Uint8Array,
    device: PublishedDevice,
  ) => Promise<string>;
  /** The key of an epoch of mine as this device reads it; null when it does not open. */
  myEpochKey: (conversation: ConversationKey, epoch: string) => Promise<CryptoKey | null>;
  /** A new epoch made here: kept for reading my own messages, and told to the hooks. */
  made: (
    conversation: ConversationKey,
    epoch: string,
    raw: Uint8Array<ArrayBuffer>,
    key: CryptoKey,
  ) => void;
}

type Sending = SentEpoch & { key: CryptoKey; text: string };

export function makeSendingEpochs({
  me,
  directory,
  log,
  now,
  wrapFor,
  myEpochKey,
  made,
}: SendingDeps) {
  const sending = new Map<ConversationKey, Sending>();

  /** One more send under `entry`, saved to the log every few sends (not awaited: sends stay fast). */
  function counted(conversation: ConversationKey, entry: Sending) {
    entry.count += 1;
    sending.set(conversation, entry);
    if (entry.count % SAVE_COUNT_EVERY === 1) {
      const { epoch, devices, at, count } = entry;
      void log.put(me.uid, conversation, { epoch, devices, at, count }).catch(() => undefined);
    }
    return { epoch: entry.epoch, key: entry.key };
  }

  /** The epoch to send under with these parties, whose trusted devices are `devices`. */
  return async function sendingKeyFor(
    conversation: ConversationKey,
    parties: readonly string[],
    devices: PublishedDevice[],
  ) {
    // The same device set as the last send: no digest to take again (a send's common case).
    const text = deviceSetText(devices, parties);
    const cached = sending.get(conversation);
    const time = now();
    if (cached?.text === text && epochStillFresh(cached, time))
      return counted(conversation, cached);
    const digest = await deviceSetDigest(devices, parties);
    // Only what this device recorded itself: a pointer on the server could name an older epoch
    // that a removed device still holds.
    const stored = cached ?? (await log.get(me.uid, conversation).catch(() => undefined));
    if (stored?.devices === digest && epochStillFresh(stored, time)) {
      const key = await myEpochKey(conversation, stored.epoch).catch(() => null);
      if (key) {
        const { epoch, at, count } = stored;
        return counted(conversation, { epoch, devices: digest, at, count, key, text });
      }
    }
    const epoch = directory.newEpochId();
    const { raw, key } = await createContentKey();
    const wraps = await Promise.all(
      devices.map(async (device) => ({
        uid: device.uid,
        deviceId: device.deviceId,
        from: me.deviceId,
        key: await wrapFor(conversation, epoch, raw, device),
      })),
    );
    const waiting = parties.filter((uid) => uid !== me.uid && !devices.some((d) => d.uid === uid));
    await directory.writeEpoch(conversation, epoch, wraps, waiting);
    const fresh = { epoch, devices: digest, at: time, count: 0 };
    made(conversation, epoch, raw, key);
    await log.put(me.uid, conversation, fresh).catch(() => undefined);
    return counted(conversation, { ...fresh, key, text });
  };
}
