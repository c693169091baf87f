// @vitest-environment node
/**
 * The chain a reader verifies (docs/security/e2ee.md, "Master and device-signing keys"): the
 * pinned master key certifies a device-signing key, whose highest version is pinned, and which
 * signs the device entries and the list. A removed device that kept an older device-signing key,
 * or anyone with a key the master never certified, gets nothing.
 */
import { describe, expect, it } from 'vitest';
import { createDeviceKeyPair, exportPublicKey } from './device-keys';
import { parseDeviceList, signDeviceList, storedDeviceList, type DeviceList } from './device-list';
import { makeDeviceTrust } from './device-trust';
import { type AccountIdentity } from './identity-key';
import type { Signer } from './signing-key';
import { createIdentity, createSigner, openSigner, sealSigner, signDevice } from './signing';
import { createContentKey } from './sealed-box';
import { memoryPinStore } from './trust-pins';

const PHONE = 'Phone000000000000001';
const LAPTOP = 'Laptop00000000000001';

async function device(deviceId: string) {
  return {
    uid: 'bob',
    deviceId,
    publicKey: await exportPublicKey((await createDeviceKeyPair()).publicKey),
  };
}

/** Bob's phone and laptop, signed by `signer`; a list of `ids` at `version` signed by it. */
const signedBy = async (signer: Signer, entry: Awaited<ReturnType<typeof device>>) => ({
  ...entry,
  signature: await signDevice(signer.key, 'bob', entry),
});
const listBy = (signer: Signer, version: number, ids: string[]): Promise<DeviceList> =>
  signDeviceList(signer.key, 'bob', version, ids, signer.cert);

async function bob() {
  const { identity: master } = await createIdentity();
  const { signer: first, secret } = await createSigner(master, 'bob', 1);
  const [phone, laptop] = await Promise.all([device(PHONE), device(LAPTOP)]);
  return { master, first, secret, phone, laptop };
}

describe('the master -> device-signing key -> devices chain', () => {
  it('trusts devices signed by a device-signing key the pinned master certified, and keeps its seal intact', async () => {
    const { master, first, secret, phone, laptop } = await bob();
    const trust = makeDeviceTrust('alice', memoryPinStore());
    const devices = [await signedBy(first, phone), await signedBy(first, laptop)];
    const list = await listBy(first, 1, [PHONE, LAPTOP]);
    expect(parseDeviceList(storedDeviceList(list))).toEqual(list);
    expect(await trust.trusted('bob', master.publicKey, devices, list)).toEqual(devices);
    expect((await trust.pinnedList('bob'))?.signer).toEqual({
      version: 1,
      publicKey: first.key.publicKey,
    });
    // Signed by the master itself, once a device-signing key is pinned: not the chain.
    const byMaster = { ...phone, signature: await signDevice(master, 'bob', phone) };
    expect(await trust.trusted('bob', master.publicKey, [byMaster], list)).toEqual([]);

    // Sealed under the backup key, it opens for this account only, certificate and all.
    const { key } = await createContentKey();
    const again = await openSigner(key, 'bob', await sealSigner(key, 'bob', first, secret));
    expect(again.signer.cert).toEqual(first.cert);
    expect(again.signer.master).toBe(master.publicKey);
    await expect(
      openSigner(key, 'carol', await sealSigner(key, 'bob', first, secret)),
    ).rejects.toThrow();
  });

  it('refuses a device-signing key certified by another master', async () => {
    const { master, phone, laptop } = await bob();
    const other: AccountIdentity = (await createIdentity()).identity;
    const forged = (await createSigner(other, 'bob', 7)).signer;
    const trust = makeDeviceTrust('alice', memoryPinStore());
    const devices = [await signedBy(forged, phone), await signedBy(forged, laptop)];
    const list = await listBy(forged, 5, [PHONE, LAPTOP]);
    expect(await trust.trusted('bob', master.publicKey, devices, list)).toEqual([]);
    expect(await trust.pinnedList('bob')).toBeUndefined();
  });

  it('after a rotation, refuses a newer list signed by the revoked device-signing key, and an older version of the key', async () => {
    const { master, first, phone, laptop } = await bob();
    const trust = makeDeviceTrust('alice', memoryPinStore());
    const key = master.publicKey;
    await trust.trusted(
      'bob',
      key,
      [await signedBy(first, phone), await signedBy(first, laptop)],
      await listBy(first, 1, [PHONE, LAPTOP]),
    );
    // 'Remove' on the laptop with the recovery key: version 2, and the phone signed again by it.
    const second = (await createSigner(master, 'bob', 2)).signer;
    const phoneNow = await signedBy(second, phone);
    const rotated = await listBy(second, 2, [PHONE]);
    expect(await trust.trusted('bob', key, [phoneNow], rotated)).toEqual([phoneNow]);

    // The laptop kept version 1: a newer list naming itself, and its entry, signed with it.
    const laptopAgain = await signedBy(first, laptop);
    const forged = await listBy(first, 9, [PHONE, LAPTOP]);
    expect(await trust.trusted('bob', key, [phoneNow, laptopAgain], forged)).toEqual([phoneNow]);
    expect((await trust.pinnedList('bob'))?.version).toBe(2);
    // Nor a list without a device-signing key, signed by a key that merely looks like the master.
    const bare = await signDeviceList(first.key, 'bob', 10, [PHONE, LAPTOP]);
    expect(await trust.trusted('bob', key, [phoneNow, laptopAgain], bare)).toEqual([phoneNow]);
    // Another key presented as version 2 (the pinned version) is refused too.
    const twin = (await createSigner(master, 'bob', 2)).signer;
    const twinList = await listBy(twin, 11, [PHONE, LAPTOP]);
    const laptopByTwin = await signedBy(twin, laptop);
    expect(await trust.trusted('bob', key, [phoneNow, laptopByTwin], twinList)).toEqual([phoneNow]);
    // Answered at once the next time, the same way.
    expect(trust.trustedAtOnce('bob', key, [phoneNow, laptopByTwin], twinList)).toEqual([phoneNow]);
  });
});
