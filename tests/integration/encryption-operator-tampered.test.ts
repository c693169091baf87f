import { describe, expect, it } from 'vitest';
import {
  parseDeviceList,
  signDeviceList,
  storedDeviceList,
} from '../../src/lib/crypto/device-list';
import { adminGet, adminUpdate } from '../support/backend';
import { cleanBackendPerTest } from './app-clients';
import { anotherDevice, deviceApp } from './encryption-device-apps';
import { alicePlusBob, epochsWrappedFor, sendAndRead } from './encryption-operator-steps';
import { removeFrom } from './encryption-removal-steps';

// A removed device that was tampered with (stolen while signed in, its profile's files read by
// malware) is not the honest app that forgets its keys: it keeps every signing key it held and,
// with the operator's help, signs itself back into a newer device list of Bob's. After a removal
// made with Bob's recovery key, nobody wraps anything new for it.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** Every epoch of the conversation, as stored under `uid` (each epoch's wraps for their devices). */
async function epochsOf(conversationId: string, uid: string) {
  return Object.keys((await adminGet(`conversationKeys/${conversationId}/${uid}`)) ?? {});
}

describe('a tampered removed device', () => {
  it('that signs itself into a newer device list gets no key after a removal with the recovery key', async () => {
    const { alice, bob, conversationId, a, b } = await alicePlusBob(signUp, stopAfterTest);
    await sendAndRead(a, b, 'before the laptop');
    const laptop = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    laptop.openChatWith(alice);
    const laptopSession = await laptop.session();
    const laptopId = laptopSession.device.deviceId;
    const phoneRing = (await b.session()).ring;
    const recoveryKey = await phoneRing.recoveryKeyToSave();
    await phoneRing.confirmSaved();
    await phoneRing.approve(laptopId);
    await sendAndRead(a, laptop, 'the laptop reads this');
    await sendAndRead(b, laptop, 'and this from the phone');

    // What the tampered laptop keeps in memory, whatever its app is told afterwards: the
    // device-signing key every approved device holds (the master is under the recovery key only).
    const held = laptopSession.ring.signer();
    expect(held).not.toBeNull();
    expect(await adminGet(`keyBackup/${bob.uid}/identity`)).toBeNull();
    const entry = await adminGet(`deviceKeys/${bob.uid}/${laptopId}`);
    const epochsItHeld = new Set([
      ...(await epochsOf(conversationId, alice.uid)),
      ...(await epochsOf(conversationId, bob.uid)),
    ]);

    await removeFrom(b, laptopId, recoveryKey);
    // Alice reads Bob's devices after the removal (she sends to him).
    await sendAndRead(a, b, 'Alice has seen the removal');

    // The laptop, with the operator's help, signs a newer list naming itself and puts back its entry.
    const stored = parseDeviceList(await adminGet(`deviceLists/${bob.uid}`));
    expect(stored?.ids).not.toContain(laptopId);
    const forged = await signDeviceList(
      held!.key,
      bob.uid,
      (stored?.version ?? 0) + 1,
      [...(stored?.ids ?? []), laptopId],
      held!.cert,
    );
    await adminUpdate({
      [`deviceKeys/${bob.uid}/${laptopId}`]: entry,
      [`deviceLists/${bob.uid}`]: storedDeviceList(forged),
    });

    await sendAndRead(b, a, 'Bob writes, so Alice reads his devices again');
    await sendAndRead(a, b, 'the vault code is 8812');
    await sendAndRead(b, a, 'and mine is 3307');
    // Nothing after the removal was wrapped for the laptop, by Alice or by Bob's phone, though
    // both sent under epochs made since (none of them one the laptop was ever given).
    expect(await epochsWrappedFor(conversationId, bob.uid, laptopId)).toEqual([]);
    const since = [
      ...(await epochsOf(conversationId, alice.uid)),
      ...(await epochsOf(conversationId, bob.uid)),
    ].filter((epoch) => !epochsItHeld.has(epoch));
    expect(since.length).toBeGreaterThan(0);
  });
});
