/**
 * Sender keys (docs/security/e2ee.md, "Keys in a conversation"): the keys I read others' messages
 * with, unwrapped once per epoch and kept in memory, and which published devices count (the
 * trust). The key I send under is chosen and made by sending-epoch.ts; the database side is a
 * `KeyDirectory` (key-directory.ts).
 */
import type { ConversationKey } from '../../conversation-key';
import { CryptoError } from '../crypto-errors';
import { importPublicKey } from '../device-keys';
import type { DeviceTrust } from '../device-trust';
import { makeKeyWrapper } from '../key-wrap';
import { importContentKey } from '../sealed-box';
import { memorySendingLog, type SendingLog } from '../sending-log';
import {
  wrapContext,
  type DeviceIdentity,
  type KeyDirectory,
  type PublishedDevice,
  type StoredWrap,
} from './key-directory';
import { makeSendingEpochs } from './sending-epoch';

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
  /** A wrap of an epoch key for `device`, made by this device (`from` = my device id). */
  async function wrapFor(
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
    wrapFor,
  };

  const sendingKeyFor = makeSendingEpochs({
    me,
    directory,
    log,
    now,
    wrapFor,
    myEpochKey: (conversation, epoch) => api.readingKey(conversation, me.uid, epoch),
    made(conversation, epoch, raw, key) {
      hooks.onKeyLearned?.(conversation, epoch, raw);
      reading.set(`${conversation}|${me.uid}|${epoch}`, Promise.resolve(key));
    },
  });

  return api;
}

export type EpochKeys = ReturnType<typeof makeEpochKeys>;
