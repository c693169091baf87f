/**
 * A person's signed device list as far as this device trusts it (docs/security/e2ee.md,
 * "Pinning"): the highest version verified here is pinned, through the chain from their pinned
 * identity key (its certified device-signing key, never an older one once one is pinned), and
 * from then on only the devices it names count. Part of device-trust.ts, which decides per device.
 */
import { verifyDeviceList, type DeviceList } from '../device-list';
import { verifySigner } from '../signing-key';
import type { ListPin, PinStore } from '../trust-pins';

interface ListTrustDeps {
  owner: string;
  store: PinStore;
  /** An identity (or device-signing) key imported once, null when it does not import. */
  identityKey: (text: string) => Promise<CryptoKey | null>;
  /** One pin change at a time per person (shared with the identity pins). */
  serial: <T>(uid: string, act: () => Promise<T>) => Promise<T>;
}

export function makeListTrust({ owner, store, identityKey, serial }: ListTrustDeps) {
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

  return { listPinOf, listSeen, listRead, allowedBy };
}
