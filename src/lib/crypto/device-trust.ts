/**
 * Which published devices this device trusts (docs/security/e2ee.md, "Pinning"): a device of a
 * person counts only when its entry's signature verifies against the identity key pinned here for
 * that person. The first identity key seen for someone is pinned (trust on first use); a different
 * one published later is not trusted until I accept it (the 'security code changed' notice's 'OK',
 * or 'Mark as verified'), and seeing it drops a verification at once, whatever the server says
 * afterwards. A person's signed device list (device-list.ts) narrows it further: once a list is
 * pinned, only the devices it names count, and a list older than the pin is ignored, so a removed
 * device's old signed entry put back opens nothing. The chain is Matrix's cross-signing: the
 * pinned identity (master) key certifies a device-signing key (signing-key.ts), whose highest
 * verified version is pinned with the list; from then on entries and lists count only when signed
 * by that key, so a removed device that kept an older one signs nothing believed. Verifications
 * are cached by everything they depend on, so a send checks each device and list once, not once
 * per message.
 */
import type { DeviceList } from './device-list';
import { makeListTrust } from './trust/device-list-trust';
import { importIdentityKey, verifyDevice } from './identity-key';
import type { Pin, PinStore } from './trust-pins';

/** A published device as far as trust goes (epoch-keys.ts' PublishedDevice is one). */
export interface DeviceEntry {
  uid: string;
  deviceId: string;
  publicKey: string;
  signature?: string | null;
}

/** How a person's published identity key compares with the pin on this device. */
export type TrustState =
  /** Nothing published and nothing pinned: the person has no identity key yet. */
  | { kind: 'none' }
  /** The published key is the pinned one (or nothing is published now). */
  | { kind: 'pinned'; key: string; verified: boolean; published: string | null }
  /** The published key is not the pinned one: nothing is sent to devices it signed. */
  | { kind: 'changed'; key: string; verified: false; published: string };

export function makeDeviceTrust(owner: string, store: PinStore) {
  const pins = new Map<string, Promise<Pin | undefined>>();
  /** The same pins once read, so a send already checked finds its answer without waiting. */
  const pinsRead = new Map<string, Pin | undefined>();
  /** The last verdict per device (`uid/deviceId`), with what it was worked out from. */
  const signedRead = new Map<
    string,
    { pinned: string; publicKey: string; signature: string; signed: boolean }
  >();
  const identityKeys = new Map<string, Promise<CryptoKey | null>>();
  const verified = new Map<string, Promise<boolean>>();
  const listeners = new Set<(uid: string) => void>();
  /** One pin change at a time per person: two sends must not both pin "first". */
  const queues = new Map<string, Promise<unknown>>();

  const pinOf = (uid: string) => {
    let pin = pins.get(uid);
    if (!pin) {
      pin = store.get(owner, uid).catch(() => undefined);
      pins.set(uid, pin);
      void pin.then((read) => pins.get(uid) === pin && pinsRead.set(uid, read));
    }
    return pin;
  };

  function serial<T>(uid: string, act: () => Promise<T>): Promise<T> {
    const next = (queues.get(uid) ?? Promise.resolve()).then(act, act);
    queues.set(
      uid,
      next.catch(() => undefined),
    );
    return next;
  }

  async function setPin(uid: string, pin: Pin) {
    pins.set(uid, Promise.resolve(pin));
    pinsRead.set(uid, pin);
    await store.put(owner, uid, pin);
    for (const listener of listeners) listener(uid);
  }

  const identityKey = (text: string) => {
    let key = identityKeys.get(text);
    if (!key) {
      key = importIdentityKey(text).catch(() => null);
      identityKeys.set(text, key);
    }
    return key;
  };

  const { listPinOf, listSeen, listRead, allowedBy } = makeListTrust({
    owner,
    store,
    identityKey,
    serial,
  });

  const entryId = (pinned: string, device: DeviceEntry) =>
    `${pinned}|${device.uid}|${device.deviceId}|${device.publicKey}|${device.signature ?? ''}`;

  function isSigned(pinned: string, device: DeviceEntry): Promise<boolean> {
    const id = entryId(pinned, device);
    let result = verified.get(id);
    if (!result) {
      result = identityKey(pinned).then((key) =>
        key ? verifyDevice(key, device.uid, device, device.signature) : false,
      );
      verified.set(id, result);
      void result.then((signed) =>
        signedRead.set(`${device.uid}/${device.deviceId}`, {
          pinned,
          publicKey: device.publicKey,
          signature: device.signature ?? '',
          signed,
        }),
      );
    }
    return result;
  }

  /**
   * The answer without waiting when everything it needs was worked out before (the pin read, the
   * published key the pinned one, each signature checked): a send in a conversation whose devices
   * did not change. Undefined otherwise.
   */
  function trustedAtOnce<Device extends DeviceEntry>(
    uid: string,
    published: string | null,
    devices: readonly Device[],
    list?: DeviceList | null,
  ): Device[] | undefined {
    if (!pinsRead.has(uid)) return undefined;
    const pin = pinsRead.get(uid);
    if (!pin || (published !== null && published !== pin.key)) return undefined;
    const listed = listRead.get(uid);
    if (listed?.key !== pin.key || listed.presented !== listSeen(list)) return undefined;
    const found: Device[] = [];
    for (const device of devices) {
      // Short keys and plain comparisons: this runs on every send.
      const read = signedRead.get(`${device.uid}/${device.deviceId}`);
      if (
        read?.pinned !== listed.signing ||
        read.publicKey !== device.publicKey ||
        read.signature !== (device.signature ?? '')
      ) {
        return undefined;
      }
      if (read.signed && (!listed.ids || listed.ids.has(device.deviceId))) found.push(device);
    }
    return found;
  }

  /** A published key that is not (or not yet) the pin: pinned on first sight, else a change. */
  async function compare(uid: string, published: string): Promise<TrustState> {
    const now = await pinOf(uid);
    if (!now) {
      await setPin(uid, { key: published, verified: false });
      return { kind: 'pinned', key: published, verified: false, published };
    }
    if (now.key === published) {
      return { kind: 'pinned', key: now.key, verified: now.verified, published };
    }
    if (now.verified) await setPin(uid, { key: now.key, verified: false });
    return { kind: 'changed', key: now.key, verified: false, published };
  }

  const api = {
    /**
     * `uid`'s published identity key compared with my pin: pinned on first sight, and a pin I had
     * verified loses its verification the moment another key is seen.
     */
    async see(uid: string, published: string | null): Promise<TrustState> {
      const pin = await pinOf(uid);
      if (published === null) {
        return pin
          ? { kind: 'pinned', key: pin.key, verified: pin.verified, published }
          : { kind: 'none' };
      }
      if (pin?.key === published) {
        return { kind: 'pinned', key: pin.key, verified: pin.verified, published };
      }
      return serial(uid, () => compare(uid, published));
    },

    trustedAtOnce,

    /**
     * The devices of `uid` signed with the identity key pinned for them (through their pinned
     * device-signing key once one is), and named by their pinned device list once one is; none
     * when no identity key is pinned.
     */
    async trusted<Device extends DeviceEntry>(
      uid: string,
      published: string | null,
      devices: readonly Device[],
      list?: DeviceList | null,
    ): Promise<Device[]> {
      const known = trustedAtOnce(uid, published, devices, list);
      if (known) return known;
      const state = await api.see(uid, published);
      if (state.kind === 'none') return [];
      const { ids, signing } = await allowedBy(uid, state.key, list);
      const signed = await Promise.all(devices.map((device) => isSigned(signing, device)));
      return devices.filter((d, i) => signed[i] && (!ids || ids.has(d.deviceId)));
    },

    /** The device list pinned for `uid` (the highest version verified here), if any. */
    pinnedList: (uid: string) => listPinOf(uid),

    /** My pin for `uid`, as it is now (no write). */
    pinned: (uid: string) => pinOf(uid),

    /** Trust `key` for `uid` from now on: 'OK' on a changed code, or 'Mark as verified'. */
    accept(uid: string, key: string, isVerified: boolean): Promise<void> {
      return serial(uid, () => setPin(uid, { key, verified: isVerified }));
    },

    /** Told of every pin this device changes, e.g. to show a new verification at once. */
    subscribe(listener: (uid: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return api;
}

export type DeviceTrust = ReturnType<typeof makeDeviceTrust>;
