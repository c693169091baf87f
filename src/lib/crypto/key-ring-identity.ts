/**
 * The account's identity key on this device (key-ring.ts; docs/security/e2ee.md, "One identity
 * per person"). It is sealed under the backup key (`keyBackup/{uid}/identity`), so exactly the
 * devices that hold the backup key (approved ones, or one that entered the recovery key) hold it.
 * The first device that holds the backup key of an account without one makes it (a new account,
 * or an existing one on its next start: the upgrade), publishes its public half and signs itself;
 * every device that holds it makes sure its own entry is signed. It also keeps the account's
 * signed device list (device-list.ts): made with the identity, or by the first device that holds
 * the identity of an account without one (naming every device the identity signed).
 */
import { signDeviceList, verifyDeviceList, type DeviceList } from './device-list';
import type { DeviceIdentity, PublishedDevice } from './epoch-keys';
import {
  createIdentity,
  identityFromSecret,
  importIdentityKey,
  signDevice,
  verifyDevice,
  type AccountIdentity,
} from './identity-key';
import type { StoredBackup } from './key-backup';
import type { KeyRingStore } from './key-ring-store';
import { openBytes, sealBytes } from './sealed-box';

const identityContext = (uid: string) => `chatty/identity|${uid}`;

export function makeIdentityHolder(me: DeviceIdentity, store: KeyRingStore) {
  let identity: AccountIdentity | null = null;
  let adopting: Promise<AccountIdentity | null> | null = null;
  /** This device made the identity of an account that had one's devices already: say so once. */
  let upgraded = false;

  async function signedByIdentity(device: PublishedDevice) {
    if (!identity) return false;
    const key = await importIdentityKey(identity.publicKey);
    return verifyDevice(key, me.uid, device, device.signature);
  }

  /** My stored device list when my identity signed it; null for none, or one that does not verify. */
  async function storedList(): Promise<DeviceList | null> {
    const list = await store.myDeviceList();
    if (!list || !identity) return null;
    const key = await importIdentityKey(identity.publicKey);
    return (await verifyDeviceList(key, me.uid, list)) ? list : null;
  }

  /**
   * The first list of an account from before lists: my devices the identity signed, and those
   * the server says were approved before identity keys (they sign themselves at their next start;
   * listing one gives it nothing until its signature verifies too).
   */
  async function signedIds() {
    const devices = await store.myDevices();
    const signed = await Promise.all(devices.map((d) => signedByIdentity(d)));
    return devices.filter((d, i) => signed[i] || d.approvedBy !== null).map((d) => d.deviceId);
  }

  /**
   * The next version of my device list with `add` in it and `remove` out. Built on the stored one
   * when it verifies; otherwise on the devices the identity signed.
   */
  async function nextList(change: { add?: string; remove?: string }): Promise<DeviceList> {
    if (!identity) throw new Error('This device holds no identity key yet');
    const stored = await storedList();
    const base = stored ? stored.ids : await signedIds();
    const ids = base.filter((id) => id !== change.remove);
    if (change.add && !ids.includes(change.add)) ids.push(change.add);
    const version = Math.max(stored?.version ?? 0, (await store.myDeviceList())?.version ?? 0) + 1;
    return signDeviceList(identity, me.uid, version, ids);
  }

  /** An account from before device lists gets one, naming every device its identity signed. */
  async function ensureList() {
    if (await store.myDeviceList()) return;
    await store.putDeviceList(await nextList({}));
  }

  /** This device's own entry signed, unless it already is. */
  async function signSelf(held: AccountIdentity) {
    const mine = (await store.myDevices()).find((d) => d.deviceId === me.deviceId);
    if (!mine || (await signedByIdentity(mine))) return;
    const signature = await signDevice(held, me.uid, me);
    await store.markApproved(me.deviceId, mine.approvedBy ?? me.deviceId, signature);
  }

  async function adoptOnce(
    backupKey: CryptoKey,
    backup: StoredBackup | null,
    announce: boolean,
  ): Promise<AccountIdentity | null> {
    if (backup?.identity) {
      // One that does not open (damaged, or not sealed by one of my devices) is not taken, and
      // never replaced from here either: nothing is signed until one opens.
      const secret = await openBytes(backupKey, backup.identity, identityContext(me.uid)).catch(
        () => null,
      );
      if (!secret) return null;
      identity = await identityFromSecret(secret);
    } else {
      const made = await createIdentity();
      const sealed = await sealBytes(backupKey, made.secret, identityContext(me.uid));
      const signature = await signDevice(made.identity, me.uid, me);
      const others = (await store.myDevices()).filter(
        (d) => d.deviceId !== me.deviceId && d.approvedBy !== null,
      );
      // An upgraded account's other approved devices sign themselves at their own next start:
      // listed now, so the list the first readers pin names them.
      const ids = [me.deviceId, ...others.map((d) => d.deviceId)];
      await store.publishIdentity(
        { sealed, publicKey: made.identity.publicKey },
        { deviceId: me.deviceId, signature },
        // Above any list left by an identity before (a reset): the rules want a higher version.
        await signDeviceList(
          made.identity,
          me.uid,
          ((await store.myDeviceList())?.version ?? 0) + 1,
          ids,
        ),
      );
      identity = made.identity;
      upgraded = announce;
    }
    await signSelf(identity);
    await ensureList().catch(() => undefined);
    return identity;
  }

  return {
    /** The identity key once this device holds it; null before (not approved yet). */
    current: () => identity,

    /**
     * With the backup key in hand: the identity opened from the backup, or made when the account
     * has none. `announce`: the account existed before, so this is its upgrade.
     */
    adopt(
      backupKey: CryptoKey,
      backup: StoredBackup | null,
      announce: boolean,
    ): Promise<AccountIdentity | null> {
      if (identity) return Promise.resolve(identity);
      adopting ??= adoptOnce(backupKey, backup, announce).finally(() => {
        adopting = null;
      });
      return adopting;
    },

    /** A signature of one of my devices: what approving it means. */
    async sign(device: PublishedDevice): Promise<string> {
      if (!identity) throw new Error('This device holds no identity key yet');
      return signDevice(identity, me.uid, device);
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
