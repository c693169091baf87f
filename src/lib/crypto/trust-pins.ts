/**
 * The identity keys this device pinned (docs/security/e2ee.md, "Pinning"): for each person, the
 * identity key first seen for them (trust on first use, as Signal) and whether I verified it by
 * comparing security codes. Kept on the device (IndexedDB: trust-pins-idb.ts), never read from
 * the server, so whoever runs the database can neither change a pin nor mark anyone verified.
 */

export interface Pin {
  /** The identity key I trust for this person: the first seen, or one I accepted since. */
  key: string;
  /** I compared the security code made with this key and marked it verified. */
  verified: boolean;
}

/**
 * The highest version of a person's signed device list (device-list.ts) this device verified, with
 * the identity (master) key it was checked under: a list older than this one is never believed
 * again. `signer`: the highest device-signing key (signing-key.ts) verified under that master key;
 * once pinned, entries and lists count only when signed by it, and an older one is refused.
 */
export interface ListPin {
  key: string;
  version: number;
  ids: string[];
  signer?: { version: number; publicKey: string };
}

/** Pins by the signed-in person (`owner`) and the person pinned. */
export interface PinStore {
  get(owner: string, uid: string): Promise<Pin | undefined>;
  put(owner: string, uid: string, pin: Pin): Promise<void>;
  getList(owner: string, uid: string): Promise<ListPin | undefined>;
  putList(owner: string, uid: string, list: ListPin): Promise<void>;
}

/** Pins in memory: Node (the integration tests) and browsers that keep no IndexedDB. */
export function memoryPinStore(): PinStore {
  const pins = new Map<string, Pin>();
  const lists = new Map<string, ListPin>();
  return {
    get: (owner, uid) => Promise.resolve(pins.get(`${owner}|${uid}`)),
    put: (owner, uid, pin) => {
      pins.set(`${owner}|${uid}`, { ...pin });
      return Promise.resolve();
    },
    getList: (owner, uid) => Promise.resolve(lists.get(`${owner}|${uid}`)),
    putList: (owner, uid, list) => {
      lists.set(`${owner}|${uid}`, { ...list, ids: [...list.ids] });
      return Promise.resolve();
    },
  };
}
