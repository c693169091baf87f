import { describe, expect, it } from 'vitest';
import { createIdentity, signDevice } from '../../src/lib/crypto/signing';
import { adminGet, adminUpdate } from '../support/backend';
import { cleanBackendPerTest } from './app-clients';
import {
  alicePlusBob,
  epochsWrappedFor,
  plantDevice,
  sendAndRead,
} from './encryption-operator-steps';

// The database's operator replaces Bob's identity key with one of its own and
// plants a device signed by it: a device that looks approved to anyone who trusts the server.
// Alice's app pinned Bob's real identity key when it first wrote to him, so the planted device
// gets nothing, Bob's real device still gets every key, and Alice's app sees the change and
// drops the verification she had made.
const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('the operator replaces an identity key', () => {
  it('is refused by the pin: nothing for its devices, the change is seen, and Bob is no longer verified', async () => {
    const { bob, conversationId, a, b } = await alicePlusBob(signUp, stopAfterTest);
    await sendAndRead(a, b, 'first contact');
    const identityPath = `identityKeys/${bob.uid}/publicKey`;
    const real = await adminGet(identityPath);

    // The operator's own identity key, published as Bob's, and a device signed by it.
    const forged = await createIdentity();
    const planted = await plantDevice(bob.uid, (d) => ({ approvedBy: d.deviceId }));
    const signature = await signDevice(forged.identity, bob.uid, planted);
    await adminUpdate({
      [`identityKeys/${bob.uid}`]: { publicKey: forged.identity.publicKey, createdAt: Date.now() },
      [`deviceKeys/${bob.uid}/${planted.deviceId}/signature`]: signature,
    });
    await sendAndRead(a, b, 'the new code for the gate is 7302');
    await sendAndRead(b, a, 'got it');
    expect(await epochsWrappedFor(conversationId, bob.uid, planted.deviceId)).toEqual([]);

    // Detected: the published key is not the one Alice's device pinned at first contact.
    expect(real).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const alicesTrust = (await a.session()).trust;
    expect(await alicesTrust.see(bob.uid, forged.identity.publicKey)).toMatchObject({
      kind: 'changed',
      key: real,
    });

    // The real key back; Alice compares the codes with Bob and marks him verified (on her
    // device). Replaced again, the verification is gone, and stays gone when the real key returns.
    await adminUpdate({ [identityPath]: real });
    await alicesTrust.accept(bob.uid, real as string, true);
    await adminUpdate({ [identityPath]: forged.identity.publicKey });
    await sendAndRead(a, b, 'and the back door is 1188');
    expect(await epochsWrappedFor(conversationId, bob.uid, planted.deviceId)).toEqual([]);
    expect(await alicesTrust.see(bob.uid, forged.identity.publicKey)).toMatchObject({
      kind: 'changed',
      key: real,
      verified: false,
    });
    await adminUpdate({ [identityPath]: real });
    expect(await alicesTrust.see(bob.uid, real as string)).toMatchObject({
      kind: 'pinned',
      verified: false,
    });
  });
});
