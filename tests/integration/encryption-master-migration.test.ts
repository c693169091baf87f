import { describe, expect, it } from 'vitest';
import { signDeviceList, storedDeviceList } from '../../src/lib/crypto/device-list';
import { identityFromSecret, signDevice } from '../../src/lib/crypto/signing';
import { importBackupKey } from '../../src/lib/crypto/key-backup';
import { parseRecoveryKey } from '../../src/lib/crypto/recovery-key';
import { openWithRecovery } from '../../src/lib/crypto/recovery-seal';
import { openBytes } from '../../src/lib/crypto/sealed-box';
import { identityContext } from '../../src/lib/crypto/signing-key';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { adminGet, adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { anotherDevice, deviceApp } from './encryption-device-apps';
import { epochsWrappedFor, sendAndRead } from './encryption-operator-steps';
import { removeFrom } from './encryption-removal-steps';

// An account from before device-signing keys (its identity key in the backup, which every
// approved device opens; its devices and list signed by the identity itself) migrates when its
// recovery key is next typed: the identity becomes the master, sealed under the recovery key
// only, its first device-signing key signs the devices again, and friends' apps follow without a
// changed security code.
const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('the migration to a master key', () => {
  it('at the next recovery key: the identity leaves the backup, a device-signing key signs the devices, and nothing changes for Alice', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const { id: conversationId } = await befriend(alice, bob);
    const phone = await deviceApp(bob, stopAfterTest);
    const phoneSession = await phone.session();
    const phoneId = phoneSession.device.deviceId;
    const recoveryKey = await phoneSession.ring.recoveryKeyToSave();
    phone.stop();

    // Bob's records as an account from before device-signing keys left them.
    const backup = (await adminGet(`keyBackup/${bob.uid}`)) as {
      sealed: string;
      recovery: { public: string; secret: string };
      identity: string;
    };
    const backupKey = await importBackupKey(
      await openWithRecovery(
        bob.uid,
        await parseRecoveryKey(recoveryKey),
        backup.sealed,
        backup.recovery,
      ),
    );
    const identity = await identityFromSecret(
      await openBytes(backupKey, backup.identity, identityContext(bob.uid)),
    );
    const published = (await adminGet(`identityKeys/${bob.uid}/publicKey`)) as string;
    expect(identity.publicKey).toBe(published);
    const phoneKey = (await adminGet(`deviceKeys/${bob.uid}/${phoneId}/publicKey`)) as string;
    const legacySignature = await signDevice(identity, bob.uid, {
      deviceId: phoneId,
      publicKey: phoneKey,
    });
    const listed = (await adminGet(`deviceLists/${bob.uid}/version`)) as number;
    await adminUpdate({
      [`keyBackup/${bob.uid}/signing`]: null,
      [`keyBackup/${bob.uid}/master`]: null,
      [`deviceKeys/${bob.uid}/${phoneId}/signature`]: legacySignature,
      [`deviceLists/${bob.uid}`]: storedDeviceList(
        await signDeviceList(identity, bob.uid, listed + 1, [phoneId]),
      ),
    });

    // Alice reads Bob's devices as they are (she pins the list the identity signed).
    const a = await deviceApp(alice, stopAfterTest);
    a.openChatWith(bob);
    const laptop = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    laptop.openChatWith(alice);
    const laptopSession = await laptop.session();
    await a.store.dispatch(sendMessage('before the migration')).unwrap();
    const before = await epochsWrappedFor(conversationId, bob.uid, phoneId);
    expect(before).toHaveLength(1);

    await laptopSession.ring.restore(recoveryKey);
    expect(await adminGet(`keyBackup/${bob.uid}/identity`)).toBeNull();
    expect(await adminGet(`keyBackup/${bob.uid}/master`)).toMatch(/^v1\./);
    expect(await adminGet(`keyBackup/${bob.uid}/signing`)).toMatch(/^v1\./);
    expect(await adminGet(`keyBackup/${bob.uid}/savedAt`)).toEqual(expect.any(Number));
    const list = (await adminGet(`deviceLists/${bob.uid}`)) as {
      ids: string;
      signer: { version: number; publicKey: string };
    };
    expect(list.signer.version).toBe(1);
    expect(list.ids.split(',').sort()).toEqual([phoneId, laptopSession.device.deviceId].sort());
    // Same identity, so the same security code; the phone's entry signed again, by the new key.
    expect(await adminGet(`identityKeys/${bob.uid}/publicKey`)).toBe(published);
    expect(await adminGet(`deviceKeys/${bob.uid}/${phoneId}/signature`)).not.toBe(legacySignature);
    expect(laptopSession.ring.identity()?.publicKey).toBe(published);
    expect(laptopSession.ring.signer()?.cert.publicKey).toBe(list.signer.publicKey);

    // Alice's app takes the list the new key signed, above the one she pinned: keys reach both.
    await sendAndRead(a, laptop, 'after the migration');
    // Alice's epoch is wrapped for both of Bob's devices once her app reads the new list, a
    // new one (the device set changed).
    const laptopEpochs = await epochsWrappedFor(
      conversationId,
      bob.uid,
      laptopSession.device.deviceId,
    );
    const phoneEpochs = await epochsWrappedFor(conversationId, bob.uid, phoneId);
    expect(phoneEpochs.filter((e) => !before.includes(e) && laptopEpochs.includes(e))).toHaveLength(
      1,
    );
  });
});

describe('a recovery key replaced before it was saved', () => {
  it('still reaches the master: the device that made the new key sealed it for the new one', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    await befriend(alice, bob);
    const phone = await deviceApp(bob, stopAfterTest);
    const phoneRing = (await phone.session()).ring;
    // The phone's key is never saved; the laptop, approved meanwhile, shows a new one instead,
    // which is saved (the master then leaves the backup key's reach).
    await phoneRing.recoveryKeyToSave();
    const laptop = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    const laptopRing = (await laptop.session()).ring;
    await phoneRing.approve((await laptop.session()).device.deviceId);
    await eventually(() => expect(laptopRing.identity()).not.toBeNull(), 15_000);
    const newKey = await laptopRing.recoveryKeyToSave();
    await laptopRing.confirmSaved();
    expect(await adminGet(`keyBackup/${bob.uid}/identity`)).toBeNull();

    // A tablet with the new key alone removes the phone with a new device-signing key.
    const tablet = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    await (await tablet.session()).ring.restore(newKey);
    await removeFrom(tablet, (await phone.session()).device.deviceId, newKey);
    expect(await adminGet(`deviceLists/${bob.uid}/signer/version`)).toBe(2);
    expect((await tablet.session()).ring.signer()?.cert.version).toBe(2);
  });
});
