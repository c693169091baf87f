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
import { verifyDeviceList, type DeviceList } from './device-list';
import { importIdentityKey, verifyDevice } from './identity-key';
import { verifySigner } from './signing-key';
import type { ListPin, Pin, PinStore } from './trust-pins';

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
  const listPins = new Map<string, Promise<ListPin | undefined>>();
  /**
   * Per person: the list last presented, the identity key it was judged under, what it allows, and
   * the key their device entries must be signed by (the pinned device-signing key, else the identity).
   */
  const listRead = new Map<
    string,
    { presented: string; key: string; ids: Set<string> | null; signing: string }
  >();
  const signersVerified = new Map<string, Promise<boolean>>();
  const listsVerified = new Map<string, Promise<boolean>>();
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

  const listPinOf = (uid: string) => {
    let pin = listPins.get(uid);
    if (!pin) {
      pin = store.getList(owner, uid).catch(() => undefined);
      listPins.set(uid, pin);
    }
    return pin;
  };

  const listText = (list: DeviceList | null | undefined) =>
    list
      ? `${list.version}|${list.ids.join(',')}|${list.signature}|${list.signer?.version ?? ''}|${list.signer?.publicKey ?? ''}|${list.signer?.signature ?? ''}`
      : '';
  /**
   * Which list was presented, for answering a send at once (runs on every send, so short): its
   * signatures. Another list bearing the same ones is either the same list or one that does not
   * verify, which leaves the pin, and so the answer, as it was.
   */
  const listSeen = (list: DeviceList | null | undefined) =>
    list ? `${list.signature}|${list.signer?.signature ?? ''}` : '';

  /** `list` signed by `signing` (its device-signing key, or the identity key for one without). */
  function listSigned(signing: string, uid: string, list: DeviceList) {
    const id = `${signing}|${uid}|${listText(list)}`;
    let result = listsVerified.get(id);
    if (!result) {
      result = identityKey(signing).then((imported) =>
        imported ? verifyDeviceList(imported, uid, list) : false,
      );
      listsVerified.set(id, result);
    }
    return result;
  }

  /** The master key `key` certified this device-signing key of `uid`. */
  function signerCertified(key: string, uid: string, cert: NonNullable<DeviceList['signer']>) {
    const id = `${key}|${uid}|${cert.version}|${cert.publicKey}|${cert.signature}`;
    let result = signersVerified.get(id);
    if (!result) {
      result = identityKey(key).then((master) =>
        master ? verifySigner(master, uid, cert) : false,
      );
      signersVerified.set(id, result);
    }
    return result;
  }

  /**
   * Whether `list` may replace `pin`: newer, signed through the chain from the identity key `key`,
   * and by a device-signing key no older than the pinned one (none at all once one is pinned).
   */
  async function listBelieved(key: string, uid: string, list: DeviceList, pin?: ListPin) {
    if (pin && list.version <= pin.version) return false;
    const { signer } = list;
    if (!signer) return !pin?.signer && listSigned(key, uid, list);
    if (pin?.signer && signer.version < pin.signer.version) return false;
    if (pin?.signer?.version === signer.version && pin.signer.publicKey !== signer.publicKey) {
      return false;
    }
    return (
      (await signerCertified(key, uid, signer)) && (await listSigned(signer.publicKey, uid, list))
    );
  }

  /**
   * The devices `uid`'s pinned list allows (null: no list pinned yet, so signatures alone decide)
   * and the key their entries must be signed by, after pinning `list` when it is believed.
   */
  function allowedBy(uid: string, key: string, list: DeviceList | null | undefined) {
    return serial(uid, async () => {
      let pin = await listPinOf(uid);
      if (pin?.key !== key) pin = undefined;
      if (list && (await listBelieved(key, uid, list, pin))) {
        const signer = list.signer
          ? { version: list.signer.version, publicKey: list.signer.publicKey }
          : undefined;
        pin = { key, version: list.version, ids: [...list.ids], ...(signer ? { signer } : {}) };
        listPins.set(uid, Promise.resolve(pin));
        await store.putList(owner, uid, pin).catch(() => undefined);
      }
      const ids = pin ? new Set(pin.ids) : null;
      const signing = pin?.signer?.publicKey ?? key;
      listRead.set(uid, { presented: listSeen(list), key, ids, signing });
      return { ids, signing };
    });
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
