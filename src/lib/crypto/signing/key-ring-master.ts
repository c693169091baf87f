/**
 * The master key's rare steps (docs/security/e2ee.md, "Master and device-signing keys"), loaded
 * when first used: making an account's identity (its master key and first device-signing key),
 * sealing the master under the recovery key, and the migration of an account from before
 * device-signing keys when its recovery key is typed.
 */
import { signDeviceList, type DeviceList } from '../device-list';
import type { DeviceIdentity, PublishedDevice } from '../epochs/key-directory';
import { importIdentityKey, verifyDevice } from '../identity-key';
import { createIdentity, identityFromSecret, signDevice } from './identity-secret';
import type { StoredBackup } from '../key-backup';
import type { KeyRingStore } from '../key-ring/key-ring-store';
import { backupKeyFrom } from '../recovery-key';
import { openBytes, sealBytes } from '../sealed-box';
import { createSigner, sealSigner } from './signing-key-seal';
import { identityContext, type HeldMaster, type Signer } from '../signing-key';

/** What these steps use of the keys this device holds (key-ring-identity.ts makes it). */
export interface HolderView {
  held(): HeldMaster | null;
  current(): { publicKey: string } | null;
  signer(): Signer | null;
  nextList(change: { add?: string; remove?: string }, by?: Signer): Promise<DeviceList>;
  took(next: { signer: Signer | null; held: HeldMaster | null }): void;
}

const masterContext = (uid: string) => `chatty/master|${uid}`;

/** The master's 96 secret bytes sealed under the recovery key's HKDF key (`keyBackup/{uid}/master`). */
export const sealMaster = async (
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  secret: Uint8Array,
) => sealBytes(await backupKeyFrom(recoveryRaw, uid), secret, masterContext(uid));

/** The master from its seal; a CryptoError when this recovery key does not open it. */
export async function openMaster(
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  sealed: string,
): Promise<HeldMaster> {
  const secret = await openBytes(await backupKeyFrom(recoveryRaw, uid), sealed, masterContext(uid));
  return { key: await identityFromSecret(secret), secret };
}

/**
 * The account's first identity: a master key and device-signing key 1, this device signed by it,
 * the first list, in one update. The master goes into the backup under the backup key too until
 * the recovery key is saved or typed (key-ring-identity.ts), so a recovery key replaced before it
 * was saved does not lose it; with `recoveryRaw` (set-up) it is sealed under the recovery key now.
 */
export async function makeIdentity(
  me: DeviceIdentity,
  store: KeyRingStore,
  backupKey: CryptoKey,
  recoveryRaw?: Uint8Array<ArrayBuffer>,
): Promise<{ signer: Signer; held: HeldMaster }> {
  const made = await createIdentity();
  const { signer, secret } = await createSigner(made.identity, me.uid, 1);
  const others = (await store.myDevices()).filter(
    (d) => d.deviceId !== me.deviceId && d.approvedBy !== null,
  );
  // An upgraded account's other approved devices sign themselves at their own next start:
  // listed now, so the list the first readers pin names them.
  const ids = [me.deviceId, ...others.map((d) => d.deviceId)];
  await store.publishIdentity(
    {
      sealed: await sealBytes(backupKey, made.secret, identityContext(me.uid)),
      publicKey: made.identity.publicKey,
      signing: await sealSigner(backupKey, me.uid, signer, secret),
      master: recoveryRaw ? await sealMaster(me.uid, recoveryRaw, made.secret) : null,
    },
    { deviceId: me.deviceId, signature: await signDevice(signer.key, me.uid, me) },
    // Above any list left by an identity before (a reset): the rules want a higher version.
    await signDeviceList(
      signer.key,
      me.uid,
      ((await store.myDeviceList())?.version ?? 0) + 1,
      ids,
      signer.cert,
    ),
  );
  return { signer, held: { key: made.identity, secret: made.secret } };
}

/** My devices in `ids` whose entries `by` signed (what a new device-signing key signs again). */
async function signedAmong(
  store: KeyRingStore,
  uid: string,
  ids: readonly string[],
  by: string,
): Promise<PublishedDevice[]> {
  const key = await importIdentityKey(by);
  const mine = (await store.myDevices()).filter((d) => ids.includes(d.deviceId));
  const signed = await Promise.all(mine.map((d) => verifyDevice(key, uid, d, d.signature)));
  return mine.filter((_, i) => signed[i]);
}

/** Each of `devices` signed by `signer`, by device id. */
export async function signAll(signer: Signer, uid: string, devices: readonly PublishedDevice[]) {
  const signatures: Record<string, string> = {};
  for (const device of devices)
    signatures[device.deviceId] = await signDevice(signer.key, uid, device);
  return signatures;
}

/**
 * The master as the typed recovery key reaches it: sealed under it, or (an account from before,
 * or not saved yet) as the backup carries it. Null when neither gives this account's identity.
 */
export async function masterFor(
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  backup: StoredBackup,
  identity: HolderView,
): Promise<HeldMaster | null> {
  const sealed = backup.master
    ? await openMaster(uid, recoveryRaw, backup.master).catch(() => null)
    : null;
  const found = sealed ?? identity.held();
  const published = identity.current()?.publicKey;
  return found && (!published || found.key.publicKey === published) ? found : null;
}

/**
 * The recovery key was typed (restore): the master sealed under it and dropped from the backup
 * (every device forgets it at its next sync), and an account from before device-signing keys
 * gets its first one, re-signing the devices its identity signed, with a new list. One update.
 */
export async function secureMaster(
  me: DeviceIdentity,
  store: KeyRingStore,
  identity: HolderView,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  backup: StoredBackup,
  backupKey: CryptoKey,
): Promise<void> {
  const master = await masterFor(me.uid, recoveryRaw, backup, identity);
  if (!master) return;
  let signer = identity.signer();
  const change: Parameters<KeyRingStore['secureMaster']>[0] = {
    master: await sealMaster(me.uid, recoveryRaw, master.secret),
    signatures: {},
  };
  if (!signer) {
    const made = await createSigner(master.key, me.uid, 1);
    signer = made.signer;
    const list = await identity.nextList({ add: me.deviceId }, signer);
    const devices = await signedAmong(store, me.uid, list.ids, master.key.publicKey);
    change.signatures = await signAll(signer, me.uid, devices);
    change.signing = await sealSigner(backupKey, me.uid, signer, made.secret);
    change.list = list;
  }
  await store.secureMaster(change);
  identity.took({ signer, held: null });
}
