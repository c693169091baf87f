// @vitest-environment node
/** Identity keys and device signatures over WebCrypto: what verifies, and every way it must not. */
import { describe, expect, it } from 'vitest';
import { createDeviceKeyPair, exportPublicKey } from './device-keys';
import { importIdentityKey, verifyDevice } from './identity-key';
import { createIdentity, identityFromSecret, signDevice } from './signing';

const newDevice = async (deviceId: string) => ({
  deviceId,
  publicKey: await exportPublicKey((await createDeviceKeyPair()).publicKey),
});

describe('identity keys', () => {
  it('sign a device so that it verifies for that account, device and key only', async () => {
    const { identity } = await createIdentity();
    expect(identity.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const phone = await newDevice('Phone000000000000001');
    const laptop = await newDevice('Laptop00000000000001');
    const signature = await signDevice(identity, 'bob', phone);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const key = await importIdentityKey(identity.publicKey);
    expect(await verifyDevice(key, 'bob', phone, signature)).toBe(true);
    // Copied onto another device, another key or another account, it verifies nothing.
    expect(await verifyDevice(key, 'bob', laptop, signature)).toBe(false);
    expect(
      await verifyDevice(key, 'bob', { ...phone, publicKey: laptop.publicKey }, signature),
    ).toBe(false);
    expect(await verifyDevice(key, 'alice', phone, signature)).toBe(false);
    const other = await importIdentityKey((await createIdentity()).identity.publicKey);
    expect(await verifyDevice(other, 'bob', phone, signature)).toBe(false);
    // Missing or malformed: false, never a crash.
    for (const bad of [null, undefined, '', 'not base64!', signature.slice(2), 'A'.repeat(86)]) {
      expect(await verifyDevice(key, 'bob', phone, bad)).toBe(false);
    }
  });

  it('come back whole from their sealed secret, and refuse one of the wrong size', async () => {
    const { identity, secret } = await createIdentity();
    expect(secret).toHaveLength(96);
    const again = await identityFromSecret(secret);
    expect(again.publicKey).toBe(identity.publicKey);
    const device = await newDevice('Phone000000000000001');
    const key = await importIdentityKey(identity.publicKey);
    expect(await verifyDevice(key, 'bob', device, await signDevice(again, 'bob', device))).toBe(
      true,
    );
    await expect(identityFromSecret(secret.subarray(0, 64))).rejects.toMatchObject({
      failure: 'malformed',
    });
    await expect(identityFromSecret(new Uint8Array(96))).rejects.toMatchObject({
      failure: 'bad-key',
    });
  });

  it('refuse a published key that is not a point on P-256', async () => {
    for (const bad of ['', 'B'.repeat(87), `A${'k'.repeat(86)}`, 'not base64!']) {
      await expect(importIdentityKey(bad)).rejects.toMatchObject({ failure: 'bad-key' });
    }
  });
});
