// @vitest-environment node
/**
 * The signed device list: only the identity key makes one, readers pin the highest version, and a
 * device the pinned list does not name gets nothing, however validly it was signed once.
 */
import { describe, expect, it } from 'vitest';
import { createDeviceKeyPair, exportPublicKey } from './device-keys';
import { parseDeviceList, signDeviceList, storedDeviceList, verifyDeviceList } from './device-list';
import { makeDeviceTrust } from './device-trust';
import { importIdentityKey } from './identity-key';
import { createIdentity, signDevice } from './signing';
import { memoryPinStore } from './trust-pins';

const PHONE = 'Phone000000000000001';
const LAPTOP = 'Laptop00000000000001';

async function bobWithTwoDevices() {
  const { identity } = await createIdentity();
  const device = async (deviceId: string) => {
    const entry = {
      uid: 'bob',
      deviceId,
      publicKey: await exportPublicKey((await createDeviceKeyPair()).publicKey),
    };
    return { ...entry, signature: await signDevice(identity, 'bob', entry) };
  };
  return { identity, phone: await device(PHONE), laptop: await device(LAPTOP) };
}

describe('the signed device list', () => {
  it('verifies only for its account, version and ids, and parses what is stored', async () => {
    const { identity } = await createIdentity();
    const key = await importIdentityKey(identity.publicKey);
    const list = await signDeviceList(identity, 'bob', 3, [LAPTOP, PHONE]);
    expect(list.ids).toEqual([LAPTOP, PHONE]);
    expect(await verifyDeviceList(key, 'bob', list)).toBe(true);
    expect(await verifyDeviceList(key, 'carol', list)).toBe(false);
    expect(await verifyDeviceList(key, 'bob', { ...list, version: 4 })).toBe(false);
    expect(await verifyDeviceList(key, 'bob', { ...list, ids: [PHONE] })).toBe(false);
    expect(await verifyDeviceList(key, 'bob', { ...list, signature: 'short' })).toBe(false);
    expect(parseDeviceList(storedDeviceList(list))).toEqual(list);
    for (const bad of [null, 'x', { version: 0, ids: '', signature: 's' }, { version: 1 }]) {
      expect(parseDeviceList(bad)).toBeNull();
    }
    expect(parseDeviceList({ version: 1, ids: 'not-an-id', signature: 's' })).toBeNull();
  });

  it('pins the highest version: a device the pinned list leaves out gets nothing, and an older list put back changes nothing', async () => {
    const pins = memoryPinStore();
    const trust = makeDeviceTrust('alice', pins);
    const { identity, phone, laptop } = await bobWithTwoDevices();
    const both = await signDeviceList(identity, 'bob', 1, [PHONE, LAPTOP]);
    const phoneOnly = await signDeviceList(identity, 'bob', 2, [PHONE]);
    const key = identity.publicKey;

    expect(await trust.trusted('bob', key, [phone, laptop], both)).toEqual([phone, laptop]);
    expect(await trust.trusted('bob', key, [phone, laptop], phoneOnly)).toEqual([phone]);
    // The operator puts back the old list, or none: the pin (kept in the store) still holds.
    expect(await trust.trusted('bob', key, [phone, laptop], both)).toEqual([phone]);
    expect(await trust.trusted('bob', key, [phone, laptop], null)).toEqual([phone]);
    const later = makeDeviceTrust('alice', pins);
    expect(await later.trusted('bob', key, [phone, laptop], both)).toEqual([phone]);
    // Answered at once on the next send with nothing changed, the same way.
    expect(trust.trustedAtOnce('bob', key, [phone, laptop], null)).toEqual([phone]);
  });

  it('ignores a list the pinned identity key did not sign, and a newer one made by another key', async () => {
    const trust = makeDeviceTrust('alice', memoryPinStore());
    const { identity, phone, laptop } = await bobWithTwoDevices();
    const forger = (await createIdentity()).identity;
    const forged = await signDeviceList(forger, 'bob', 9, [PHONE]);
    const key = identity.publicKey;
    expect(await trust.trusted('bob', key, [phone, laptop], forged)).toEqual([phone, laptop]);
    expect(await trust.pinnedList('bob')).toBeUndefined();
  });
});
