import { get, ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { makeEncryptionApi, type DirectoryDevice } from '../../src/lib/firebase/encryption/gateway';
import { makeStore } from '../../src/app/store';
import { addEncryptionListeners } from '../../src/features/encryption/encryption-listeners';
import {
  selectBackupState,
  selectDevicesAwaitingApproval,
  selectHoldsBackupKey,
  selectMyDevices,
  selectThisDeviceApproval,
} from '../../src/features/encryption/encryption-slice';
import { userSignedIn, userSignedOut } from '../../src/store/session';
import { adminGet, signInClient } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually, gatewaysFor, type Person } from './app-clients';

// The app's encryption listeners against the emulators: the first device of an account
// approves itself and makes the key backup; a second one waits, and the first is asked about it.
const { signUp, stopAfterTest } = cleanBackendPerTest();

function deviceStore(person: Person, vault = memoryKeyVault()) {
  const store = makeStore({ gateways: gatewaysFor(person) });
  addEncryptionListeners(store.startListening, vault);
  store.dispatch(
    userSignedIn({
      uid: person.uid,
      email: `${person.username.toLowerCase()}@example.com`,
      displayName: person.username,
      photoURL: '',
      emailVerified: true,
    }),
  );
  stopAfterTest(() => {
    store.dispatch(userSignedOut());
    store.clearListeners();
  });
  return store;
}

describe('the encryption listeners', () => {
  it('approve the first device, make its backup with an unsaved recovery key, and hold a second device for approval', async () => {
    const bob = await signUp('Bob');
    const phone = deviceStore(bob);
    await eventually(() => {
      expect(selectThisDeviceApproval(phone.getState())).toBe('approved');
      expect(selectBackupState(phone.getState())).toBe('unsaved');
      expect(selectHoldsBackupKey(phone.getState())).toBe(true);
    }, 15_000);
    const backup = (await adminGet(`keyBackup/${bob.uid}`)) as { sealed: string };
    // Sealed to the recovery key's pair (recovery-seal.ts), so a rotation reaches it untyped.
    expect(backup.sealed).toMatch(/^r1\.B[A-Za-z0-9_-]{86}\.v1\./);

    const laptopClient = await signInClient('bob@example.com', 'Secret123');
    stopAfterTest(() => laptopClient.close());
    const laptop = deviceStore({ ...bob, client: laptopClient });
    await eventually(() => {
      expect(selectThisDeviceApproval(laptop.getState())).toBe('waiting');
      expect(selectHoldsBackupKey(laptop.getState())).toBe(false);
    }, 15_000);
    await eventually(() => expect(selectDevicesAwaitingApproval(phone.getState())).toHaveLength(1));

    // 'Remove' in Your devices takes the device's key and its last use in one update.
    const [waiting] = selectDevicesAwaitingApproval(phone.getState());
    const laptopPaths = [
      `deviceKeys/${bob.uid}/${waiting.deviceId}`,
      `deviceSeen/${bob.uid}/${waiting.deviceId}`,
    ];
    for (const path of laptopPaths) expect(await adminGet(path), path).not.toBeNull();
    await makeEncryptionApi(bob.client.db).removeDevice(bob.uid, waiting.deviceId);
    for (const path of laptopPaths) expect(await adminGet(path), path).toBeNull();
  });

  it("keep a device's name and last use in deviceSeen, its owner's alone, moved at each start", async () => {
    const [alice, bob] = [await signUp('Alice'), await signUp('Bob')];
    await befriend(alice, bob);
    const vault = memoryKeyVault();
    const phone = deviceStore(bob, vault);
    await eventually(() => {
      expect(selectMyDevices(phone.getState())).toHaveLength(1);
      expect(selectThisDeviceApproval(phone.getState())).toBe('approved');
      expect(selectMyDevices(phone.getState())[0]?.signature).toEqual(expect.any(String));
    }, 15_000);
    const [mine] = selectMyDevices(phone.getState());
    const id = mine.deviceId;
    // Node has no user agent: the app names it 'Browser'.
    expect(mine).toMatchObject({ label: 'Browser', lastSeenAt: expect.any(Number) as number });
    expect(mine.lastSeenAt).toBeGreaterThan(0);
    expect(await adminGet(`deviceSeen/${bob.uid}/${id}`)).toEqual({
      label: 'Browser',
      lastSeenAt: mine.lastSeenAt,
    });
    expect(Object.keys((await adminGet(`deviceKeys/${bob.uid}/${id}`)) as object).sort()).toEqual([
      'approvedBy',
      'createdAt',
      'publicKey',
      'signature',
    ]);

    // A friend reads the key, and not when Bob last used the device.
    const theirs = await new Promise<DirectoryDevice[]>((resolve) => {
      const stop = makeEncryptionApi(alice.client.db).subscribeDevices(bob.uid, (devices) => {
        stop();
        resolve(devices);
      });
    });
    expect(theirs).toEqual([
      {
        deviceId: id,
        publicKey: mine.publicKey,
        createdAt: mine.createdAt,
        approvedBy: id,
        signature: mine.signature,
      },
    ]);
    // The first device is signed by the account's identity key, which the friend reads too.
    expect(mine.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(await adminGet(`identityKeys/${bob.uid}/publicKey`)).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    await expect(get(ref(alice.client.db, `deviceSeen/${bob.uid}`))).rejects.toThrow(/permission/i);

    // The app starts again on the same device: only its last use moves.
    phone.dispatch(userSignedOut());
    phone.clearListeners();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = deviceStore(bob, vault);
    await eventually(() => {
      const device = selectMyDevices(again.getState()).at(0);
      expect(device?.deviceId).toBe(id);
      expect(device?.lastSeenAt).toBeGreaterThan(mine.lastSeenAt);
    }, 15_000);
  });
});
