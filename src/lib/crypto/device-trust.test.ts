// @vitest-environment node
/** Which devices a sender trusts: signed by the identity key pinned on this device, nothing else. */
import { describe, expect, it, vi } from 'vitest';
import { createDeviceKeyPair, exportPublicKey } from './device-keys';
import { makeDeviceTrust } from './device-trust';
import * as identityKeys from './identity-key';
import { createIdentity, signDevice } from './signing';
import { memoryPinStore } from './trust-pins';

async function bobWithPhone() {
  const { identity } = await createIdentity();
  const device = {
    uid: 'bob',
    deviceId: 'Phone000000000000001',
    publicKey: await exportPublicKey((await createDeviceKeyPair()).publicKey),
  };
  return { identity, phone: { ...device, signature: await signDevice(identity, 'bob', device) } };
}

describe('device trust', () => {
  it('pins the first identity key seen, and trusts only the devices it signed', async () => {
    const pins = memoryPinStore();
    const trust = makeDeviceTrust('alice', pins);
    const { identity, phone } = await bobWithPhone();
    const planted = { ...phone, deviceId: 'Planted0000000000001' };
    const unsigned = { ...phone, deviceId: 'Unsigned000000000001', signature: null };
    expect(await trust.trusted('bob', identity.publicKey, [phone, planted, unsigned])).toEqual([
      phone,
    ]);
    expect(await pins.get('alice', 'bob')).toEqual({ key: identity.publicKey, verified: false });
    // Nobody published yet, nothing pinned: no device counts.
    expect(await trust.trusted('carol', null, [])).toEqual([]);
    expect(await trust.see('carol', null)).toEqual({ kind: 'none' });
  });

  it("refuses a replaced identity key's devices, unverifies at once, and trusts them once accepted", async () => {
    const trust = makeDeviceTrust('alice', memoryPinStore());
    const real = await bobWithPhone();
    const forged = await bobWithPhone();
    await trust.see('bob', real.identity.publicKey);
    await trust.accept('bob', real.identity.publicKey, true);
    const changes = vi.fn();
    trust.subscribe(changes);

    expect(await trust.trusted('bob', forged.identity.publicKey, [forged.phone])).toEqual([]);
    // The real phone, still signed by the pinned key, keeps getting keys.
    expect(await trust.trusted('bob', forged.identity.publicKey, [real.phone])).toEqual([
      real.phone,
    ]);
    expect(await trust.see('bob', forged.identity.publicKey)).toEqual({
      kind: 'changed',
      key: real.identity.publicKey,
      verified: false,
      published: forged.identity.publicKey,
    });
    expect(changes).toHaveBeenCalledWith('bob');
    // The server puts the old key back: still unverified, whatever it says.
    expect(await trust.see('bob', real.identity.publicKey)).toMatchObject({
      kind: 'pinned',
      verified: false,
    });

    await trust.accept('bob', forged.identity.publicKey, false);
    expect(await trust.trusted('bob', forged.identity.publicKey, [forged.phone])).toEqual([
      forged.phone,
    ]);
  });

  it('verifies a device signature once, not once per send', async () => {
    const trust = makeDeviceTrust('alice', memoryPinStore());
    const { identity, phone } = await bobWithPhone();
    const verify = vi.spyOn(identityKeys, 'verifyDevice');
    for (let i = 0; i < 20; i += 1) await trust.trusted('bob', identity.publicKey, [phone]);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });
});
