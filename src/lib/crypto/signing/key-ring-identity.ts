/**
 * The account's signing keys on this device (key-ring.ts; docs/security/e2ee.md, "One identity
 * per person" and "Master and device-signing keys"). The identity key friends pin is the master
 * key: it certifies a device-signing key (signing-key.ts), which signs my device entries and my
 * device list. Approved devices hold the device-signing key (sealed under the backup key,
 * `keyBackup/{uid}/signing`); the master is sealed under the recovery key (`master`), so a device
 * holds it only while the recovery key is typed, and while the backup still carries it under the
 * backup key (`identity`: an account from before device-signing keys, or a recovery key not saved
 * yet). An account with no identity gets one from its first device that holds the backup key
 * (key-ring-master.ts). Every device that holds a signing key makes sure its own entry is signed,
 * and the account has a list (made by the first such device of an account without one).
 */
import { signDeviceList, verifyDeviceList, type DeviceList } from '../device-list';
import type { DeviceIdentity, PublishedDevice } from '../epochs/key-directory';
import { importIdentityKey, verifyDevice, type AccountIdentity } from '../identity-key';
import { identityFromSecret, signDevice } from './identity-secret';
import type { StoredBackup } from '../key-backup';
import type { KeyRingStore } from '../key-ring/key-ring-store';
import { openBytes } from '../sealed-box';
import { identityContext, type HeldMaster, type Signer, type SignerCert } from '../signing-key';
import { openSigner } from './signing-key-seal';

/** Making an identity and the recovery key's steps run rarely: loaded then. */
const master = () => import('./key-ring-master');

export function makeIdentityHolder(me: DeviceIdentity, store: KeyRingStore) {
  let signer: Signer | null = null;
  let held: HeldMaster | null = null;
  /** The backup's sealed keys this device's keys were opened from: others mean a change. */
  let adoptedFrom: string | null = null;
  let adopting: Promise<{ publicKey: string } | null> | null = null;
  /** This device made the identity of an account that had one's devices already: say so once. */
  let upgraded = false;

  /** What signs my devices and lists: the device-signing key, or the identity in an old account. */
  const signing = (): { key: AccountIdentity; cert?: SignerCert } | null =>
    signer ? { key: signer.key, cert: signer.cert } : held ? { key: held.key } : null;

  const current = () => {
    const publicKey = signer?.master ?? held?.key.publicKey;
    return publicKey ? { publicKey } : null;
  };

  async function signedByMe(device: PublishedDevice) {
    const by = signing();
    if (!by) return false;
    const key = await importIdentityKey(by.key.publicKey);
    return verifyDevice(key, me.uid, device, device.signature);
  }

  /** My stored device list when what signs for me now signed it; null otherwise. */
  async function storedList(): Promise<DeviceList | null> {
    const list = await store.myDeviceList();
    const by = signing();
    if (!list || !by || list.signer?.publicKey !== by.cert?.publicKey) return null;
    const key = await importIdentityKey(by.key.publicKey);
    return (await verifyDeviceList(key, me.uid, list)) ? list : null;
  }

  /**
   * The first list of an account from before lists: my devices signed for me, and those the
   * server says were approved before identity keys (they sign themselves at their next start;
   * listing one gives it nothing until its signature verifies too).
   */
  async function signedIds() {
    const devices = await store.myDevices();
    const signed = await Promise.all(devices.map((d) => signedByMe(d)));
    return devices.filter((d, i) => signed[i] || d.approvedBy !== null).map((d) => d.deviceId);
  }

  /**
   * The next version of my device list with `add` in it and `remove` out, signed by `by` (what
   * signs for me now, unless a new device-signing key is given). Built on the stored one when it
   * verifies; otherwise on the devices signed for me.
   */
  async function nextList(
    change: { add?: string; remove?: string },
    by: { key: AccountIdentity; cert?: SignerCert } | null = signing(),
  ): Promise<DeviceList> {
    if (!by) throw new Error('This device holds no signing key yet');
    const stored = await storedList();
    const base = stored ? stored.ids : await signedIds();
    const ids = base.filter((id) => id !== change.remove);
    if (change.add && !ids.includes(change.add)) ids.push(change.add);
    const version = Math.max(stored?.version ?? 0, (await store.myDeviceList())?.version ?? 0) + 1;
    return signDeviceList(by.key, me.uid, version, ids, by.cert);
  }

  /** An account from before device lists gets one, naming every device signed for it. */
  async function ensureList() {
    const list = await store.myDeviceList();
    // One signed by the identity itself is replaced once a device-signing key exists.
    if (list && (list.signer || !signer)) return;
    await store.putDeviceList(await nextList({}));
  }

  /** This device's own entry signed, unless it already is. */
  async function signSelf() {
    const by = signing();
    const mine = (await store.myDevices()).find((d) => d.deviceId === me.deviceId);
    if (!by || !mine || (await signedByMe(mine))) return;
    const signature = await signDevice(by.key, me.uid, me);
    await store.markApproved(me.deviceId, mine.approvedBy ?? me.deviceId, signature);
  }

  async function adoptOnce(
    backupKey: CryptoKey,
    backup: StoredBackup | null,
    announce: boolean,
    recoveryRaw?: Uint8Array<ArrayBuffer>,
  ) {
    const from = `${backup?.signing ?? ''}|${backup?.identity ?? ''}`;
    // One that does not open (damaged, or not sealed by one of my devices) is not taken, and
    // never replaced from here either: nothing is signed until one opens.
    const opened = backup?.signing
      ? await openSigner(backupKey, me.uid, backup.signing).catch(() => null)
      : null;
    const secret = backup?.identity
      ? await openBytes(backupKey, backup.identity, identityContext(me.uid)).catch(() => null)
      : null;
    if (backup?.signing && !opened) return null;
    if (backup?.identity && !secret) return null;
    signer = opened?.signer ?? null;
    held = secret ? { key: await identityFromSecret(secret), secret } : null;
    if (!signer && !held) {
      const made = await (await master()).makeIdentity(me, store, backupKey, recoveryRaw);
      ({ signer, held } = made);
      upgraded = announce;
    } else {
      adoptedFrom = from;
    }
    await signSelf();
    await ensureList().catch(() => undefined);
    return current();
  }

  return {
    /** The account's identity (master) public key once this device holds its keys; null before. */
    current,

    /** What signs my devices now (tests use it as a tampered device would). */
    signer: () => signer,

    /** The master key, while this device holds it (see above). */
    held: () => held,

    /**
     * With the backup key in hand: the keys opened from the backup (again when they changed: a
     * new device-signing key after a removal), or made when the account has none. `announce`:
     * the account existed before, so this is its upgrade. `recoveryRaw`: set up with it.
     */
    adopt(
      backupKey: CryptoKey,
      backup: StoredBackup | null,
      announce: boolean,
      recoveryRaw?: Uint8Array<ArrayBuffer>,
    ): Promise<{ publicKey: string } | null> {
      const from = `${backup?.signing ?? ''}|${backup?.identity ?? ''}`;
      if ((signer || held) && (!backup || from === adoptedFrom)) {
        return Promise.resolve(current());
      }
      adopting ??= adoptOnce(backupKey, backup, announce, recoveryRaw).finally(() => {
        adopting = null;
      });
      return adopting;
    },

    /** Takes up keys this device just made or rotated, written as `backup`'s sealed forms. */
    took(next: { signer: Signer | null; held: HeldMaster | null }) {
      ({ signer, held } = next);
      adoptedFrom = null;
    },

    /** A signature of one of my devices: what approving it means. */
    async sign(device: PublishedDevice): Promise<string> {
      const by = signing();
      if (!by) throw new Error('This device holds no signing key yet');
      return signDevice(by.key, me.uid, device);
    },

    /** The next signed version of my device list, with `add` and without `remove`. */
    nextList,

    /** True once, after this device made the identity of an existing account. */
    takeUpgradeNotice(): boolean {
      const was = upgraded;
      upgraded = false;
      return was;
    },
  };
}

export type IdentityHolder = ReturnType<typeof makeIdentityHolder>;
