/**
 * Sender keys (docs/security/e2ee.md, "Keys in a conversation"): the key I send under in a
 * conversation, made anew whenever the conversation's device set changes, and the keys I read
 * others' messages with, unwrapped once per epoch and kept in memory. The database side is a
 * `KeyDirectory` (src/lib/firebase/encryption/gateway.ts in the app; the same in the integration tests).
 */
import type { ConversationKey } from '../conversation-key';
import { toBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';
import { importPublicKey } from './device-keys';
import type { DeviceList } from './device-list';
import type { DeviceTrust } from './device-trust';
import { makeKeyWrapper } from './key-wrap';
import { createContentKey, importContentKey } from './sealed-box';
import { epochStillFresh, memorySendingLog, type SendingLog, type SentEpoch } from './sending-log';

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

/** Told of every epoch key this device makes or unwraps, e.g. to seal it into the key backup. */
export interface EpochKeyHooks {
  onKeyLearned?: (
    conversation: ConversationKey,
    epoch: string,
    raw: Uint8Array<ArrayBuffer>,
  ) => void;
}

/** Where this device keeps its own record of the epochs it sends under, and its clock. */
export interface EpochKeyOptions {
  log?: SendingLog;
  now?: () => number;
}

/** A send is counted in the log at most this often; a restart may undercount by as many. */
const SAVE_COUNT_EVERY = 20;

/**
 * `trust` decides which published devices count (device-trust.ts): keys are wrapped only for, and
 * wraps accepted only from, devices signed by the identity key pinned on this device. The epoch I
 * send under is chosen from `log` (this device's own record), never from the server.
 */
export function makeEpochKeys(
  me: DeviceIdentity,
  directory: KeyDirectory,
  trust: DeviceTrust,
  hooks: EpochKeyHooks = {},
  { log = memorySendingLog(), now = Date.now }: EpochKeyOptions = {},
) {
  const wrapper = makeKeyWrapper(me.privateKey);
  const publicKeys = new Map<string, Promise<CryptoKey>>();
  const reading = new Map<string, Promise<CryptoKey | null>>();
  const sending = new Map<ConversationKey, SentEpoch & { key: CryptoKey; text: string }>();

  const publicKey = (text: string) => {
    let key = publicKeys.get(text);
    if (!key) {
      key = importPublicKey(text);
      publicKeys.set(text, key);
    }
    return key;
  };

  /**
   * These people's published devices, and those of them this device trusts. A send whose devices
   * and identity keys are unchanged is answered from what the trust already worked out.
   */
  async function readDevices(conversation: ConversationKey, uids: readonly string[]) {
    const [published, identities, lists] = await Promise.all([
      directory.devicesOf(conversation, uids),
      Promise.all(uids.map((uid) => directory.identityOf(conversation, uid))),
      Promise.all(uids.map((uid) => directory.deviceListOf(conversation, uid))),
    ]);
    const trusted: PublishedDevice[] = [];
    const pending: Array<Promise<PublishedDevice[]>> = [];
    uids.forEach((uid, i) => {
      const theirs = published.filter((d) => d.uid === uid);
      const [identity, list] = [identities[i] ?? null, lists[i] ?? null];
      const known = trust.trustedAtOnce(uid, identity, theirs, list);
      if (known) trusted.push(...known);
      else pending.push(trust.trusted(uid, identity, theirs, list));
    });
    if (pending.length) for (const found of await Promise.all(pending)) trusted.push(...found);
    return { published, trusted };
  }
  const trustedDevicesOf = async (conversation: ConversationKey, uids: readonly string[]) =>
    (await readDevices(conversation, uids)).trusted;

  /**
   * The bytes of a wrap made for this device; null when its wrapping device is gone. A wrap from
   * a device listed but not signed by the identity pinned here (planted) is refused.
   */
  async function openWrap(conversation: ConversationKey, epoch: string, wrap: StoredWrap) {
    const { published, trusted } = await readDevices(conversation, [wrap.by]);
    const from = trusted.find((d) => d.uid === wrap.by && d.deviceId === wrap.from);
    if (!from) {
      if (published.some((d) => d.deviceId === wrap.from)) {
        throw new CryptoError('unauthentic', 'A key wrap from a device its owner never signed');
      }
      return null; // the wrapping device was removed since
    }
    const context = wrapContext(conversation, epoch, { uid: wrap.by, deviceId: wrap.from }, me);
    return wrapper.unwrap(wrap.key, await publicKey(from.publicKey), from.publicKey, context);
  }

  async function unwrap(conversation: ConversationKey, sender: string, epoch: string) {
    const wrap = await directory.readWrap(conversation, epoch, me.deviceId);
    if (!wrap) return null; // not wrapped for this device: 'Encrypted on another device'
    // A wrap by a third party is a late one (late-wraps.ts): only for an epoch the sender's own
    // wait names as theirs, owed to me. Anything else could be a planted key.
    if (wrap.by !== sender && wrap.by !== me.uid) {
      if ((await directory.readWait(conversation, epoch)) !== sender) {
        throw new CryptoError('unauthentic', 'A key wrap by someone other than the sender');
      }
    }
    const raw = await openWrap(conversation, epoch, wrap);
    if (!raw) return null;
    const key = await importContentKey(raw);
    hooks.onKeyLearned?.(conversation, epoch, raw);
    return key;
  }

  const api = {
    /**
     * The key a message from `sender` under `epoch` opens with; null when this device was never
     * given it (a device added later, not yet approved). Throws CryptoError when a wrap is forged.
     */
    readingKey(
      conversation: ConversationKey,
      sender: string,
      epoch: string,
    ): Promise<CryptoKey | null> {
      const id = `${conversation}|${sender}|${epoch}`;
      let key = reading.get(id);
      if (!key) {
        key = unwrap(conversation, sender, epoch);
        reading.set(id, key);
        // A failure is not remembered: the wrap may arrive or the network come back.
        key.then(
          (found) => found ?? reading.delete(id),
          () => reading.delete(id),
        );
      }
      return key;
    },

    /**
     * The epoch I send under in `conversation` with these parties (me included), made if needed.
     * A party with no device yet gets a wait instead of a wrap: the key reaches them later.
     */
    async sendingKey(conversation: ConversationKey, parties: readonly string[]) {
      return sendingKeyFor(conversation, parties, await trustedDevicesOf(conversation, parties));
    },

    /** The devices of these people that this device wraps keys for: signed, by a pinned identity. */
    devicesOf: trustedDevicesOf,

    /**
     * The bytes of an epoch key from a wrap for this device (read from the database by the
     * caller), to re-wrap it for another of my devices or the backup; null when the wrapping
     * device is gone. Throws CryptoError when the wrap does not open.
     */
    openWrap,

    /** A wrap of an epoch key for `device`, made by this device (`from` = my device id). */
    async wrapFor(
      conversation: ConversationKey,
      epoch: string,
      raw: Uint8Array,
      device: PublishedDevice,
    ): Promise<string> {
      return wrapper.wrap(
        raw,
        await publicKey(device.publicKey),
        device.publicKey,
        wrapContext(conversation, epoch, me, device),
      );
    },
  };

  async function sendingKeyFor(
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
      const key = await api.readingKey(conversation, me.uid, stored.epoch).catch(() => null);
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
        key: await wrapper.wrap(
          raw,
          await publicKey(device.publicKey),
          device.publicKey,
          wrapContext(conversation, epoch, me, device),
        ),
      })),
    );
    const waiting = parties.filter((uid) => uid !== me.uid && !devices.some((d) => d.uid === uid));
    await directory.writeEpoch(conversation, epoch, wraps, waiting);
    hooks.onKeyLearned?.(conversation, epoch, raw);
    const made = { epoch, devices: digest, at: time, count: 0 };
    await log.put(me.uid, conversation, made).catch(() => undefined);
    reading.set(`${conversation}|${me.uid}|${epoch}`, Promise.resolve(key));
    return counted(conversation, { ...made, key, text });
  }

  /** One more send under `entry`, saved to the log every few sends (not awaited: sends stay fast). */
  function counted(
    conversation: ConversationKey,
    entry: SentEpoch & { key: CryptoKey; text: string },
  ) {
    entry.count += 1;
    sending.set(conversation, entry);
    if (entry.count % SAVE_COUNT_EVERY === 1) {
      const { epoch, devices, at, count } = entry;
      void log.put(me.uid, conversation, { epoch, devices, at, count }).catch(() => undefined);
    }
    return { epoch: entry.epoch, key: entry.key };
  }

  return api;
}

export type EpochKeys = ReturnType<typeof makeEpochKeys>;
