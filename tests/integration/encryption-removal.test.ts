import { describe, expect, it } from 'vitest';
import { loadOrCreateDevice, memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { makeDeviceTrust } from '../../src/lib/crypto/device-trust';
import { makeEpochKeys } from '../../src/lib/crypto/epochs/epoch-keys';
import { makeKeyRing } from '../../src/lib/crypto/key-ring/key-ring';
import { memoryPinStore } from '../../src/lib/crypto/trust-pins';
import { makeEncryptionApi } from '../../src/lib/firebase/encryption/gateway';
import { makeStore } from '../../src/app/store';
import { addEncryptionListeners } from '../../src/features/encryption/encryption-listeners';
import { encryptionSession } from '../../src/features/encryption/encryption-session';
import { selectThisDeviceApproval } from '../../src/features/encryption/encryption-slice';
import { userSignedIn, userSignedOut } from '../../src/store/session';
import { adminGet, adminUpdate, signInClient, type TestClient } from '../support/backend';
import { cleanBackendPerTest, eventually, gatewaysFor, type Person } from './app-clients';

// 'Remove' between real clients through the rules: the devices that stay take up the rotated
// backup key, the removed one is no longer listed, and a backup from before recovery pairs gets
// a new recovery key (the old one cannot be reached without typing it).
const { signUp, stopAfterTest } = cleanBackendPerTest();

async function deviceOn(client: TestClient, uid: string, first: boolean) {
  const api = makeEncryptionApi(client.db);
  const device = await loadOrCreateDevice(memoryKeyVault(), uid);
  await api.publishDevice(device, first ? 'Phone' : 'Other', first);
  let ring: ReturnType<typeof makeKeyRing> | null = null;
  const keys = makeEpochKeys(
    device,
    api.keyDirectory(uid),
    makeDeviceTrust(uid, memoryPinStore()),
    {
      onKeyLearned: (conversation, epoch, raw) => ring?.learned(conversation, epoch, raw),
    },
  );
  ring = makeKeyRing(device, keys, api.keyRingStore(uid));
  const recoveryKey = first ? await ring.setUp() : '';
  return { device, ring, recoveryKey, api };
}

async function otherDeviceOf(person: Person) {
  const client = await signInClient(`${person.username.toLowerCase()}@example.com`, 'Secret123');
  stopAfterTest(() => client.close());
  return deviceOn(client, person.uid, false);
}

/** Bob's phone, with a laptop and a tablet it approved, each holding the backup key. */
async function bobWithThreeDevices() {
  const bob = await signUp('Bob');
  const phone = await deviceOn(bob.client, bob.uid, true);
  const laptop = await otherDeviceOf(bob);
  const tablet = await otherDeviceOf(bob);
  for (const other of [laptop, tablet]) {
    await phone.ring.approve(other.device.deviceId);
    expect(await other.ring.sync(await other.api.keyRingStore(bob.uid).readBackup())).toBe(true);
  }
  return { bob, phone, laptop, tablet };
}

describe('removing a device', () => {
  it('lists it no more, and the devices that stay take up the rotated backup key', async () => {
    const { bob, phone, laptop, tablet } = await bobWithThreeDevices();
    const before = phone.ring.draftsKey()?.id;
    expect(tablet.ring.draftsKey()?.id).toBe(before);
    const listBefore = (await adminGet(`deviceLists/${bob.uid}`)) as { version: number };

    expect(await phone.ring.removeDevice(laptop.device.deviceId)).toBeNull();
    const list = (await adminGet(`deviceLists/${bob.uid}`)) as { version: number; ids: string };
    expect(list.version).toBe(listBefore.version + 1);
    expect(list.ids.split(',').sort()).toEqual(
      [phone.device.deviceId, tablet.device.deviceId].sort(),
    );
    expect(await adminGet(`keyBackup/${bob.uid}/devices/${laptop.device.deviceId}`)).toBeNull();
    // The drafts key comes from the backup key: it changed with it, on the phone and the tablet.
    expect(phone.ring.draftsKey()?.id).not.toBe(before);
    expect(await tablet.ring.sync(await tablet.api.keyRingStore(bob.uid).readBackup())).toBe(true);
    expect(tablet.ring.draftsKey()?.id).toBe(phone.ring.draftsKey()?.id);
    // The removed laptop's own wrap is gone: it takes up nothing new.
    await laptop.ring.sync(await laptop.api.keyRingStore(bob.uid).readBackup());
    expect(laptop.ring.draftsKey()?.id).toBe(before);
  });

  it('gives a backup from before recovery pairs a new recovery key, which opens it', async () => {
    const { bob, phone, laptop } = await bobWithThreeDevices();
    // A backup as the app made it before recovery pairs: no pair to seal the next key to.
    await adminUpdate({ [`keyBackup/${bob.uid}/recovery`]: null });
    const fresh = await phone.ring.removeDevice(laptop.device.deviceId);
    expect(fresh).toMatch(/^[0-9A-Z]{56}$/);
    expect(await phone.ring.recoveryKeyToSave()).toBe(fresh);
    expect(await adminGet(`keyBackup/${bob.uid}/savedAt`)).toBeNull();
    const newcomer = await otherDeviceOf(bob);
    await expect(newcomer.ring.restore(phone.recoveryKey)).rejects.toMatchObject({
      refusal: 'wrong-key',
    });
    await expect(newcomer.ring.restore(fresh ?? '')).resolves.toMatchObject({ refused: 0 });
  });
});

/** `person`'s app with only its encryption listeners, on a device whose vault outlives a start. */
function start(person: Person, vault: ReturnType<typeof memoryKeyVault>) {
  const gateways = gatewaysFor(person);
  const store = makeStore({ gateways });
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
  const stop = () => {
    store.dispatch(userSignedOut());
    store.clearListeners();
  };
  stopAfterTest(stop);
  return { store, gateways, stop };
}

describe('a device removed while its page was closed', () => {
  it('says so at its next start and forgets its key', async () => {
    const bob = await signUp('Bob');
    const laptopPerson = { ...bob, client: await signInClient('bob@example.com', 'Secret123') };
    stopAfterTest(() => laptopPerson.client.close());
    const laptopVault = memoryKeyVault();
    const phone = start(bob, memoryKeyVault());
    await eventually(
      () => expect(selectThisDeviceApproval(phone.store.getState())).toBe('approved'),
      15_000,
    );
    let laptop = start(laptopPerson, laptopVault);
    await eventually(
      () => expect(selectThisDeviceApproval(laptop.store.getState())).toBe('waiting'),
      15_000,
    );
    const laptopId = laptop.store.getState().encryption.thisDevice ?? '';
    await (await encryptionSession(bob.uid, phone.gateways.encryption))?.ring.approve(laptopId);
    await eventually(
      () => expect(selectThisDeviceApproval(laptop.store.getState())).toBe('approved'),
      15_000,
    );
    laptop.stop();

    await (
      await encryptionSession(bob.uid, phone.gateways.encryption)
    )?.ring.removeDevice(laptopId);
    expect(await laptopVault.get(bob.uid)).toBeDefined();
    laptop = start(laptopPerson, laptopVault);
    await eventually(() => expect(laptop.store.getState().encryption.removed).toBe(true), 15_000);
    expect(await laptopVault.get(bob.uid)).toBeUndefined();
    expect(await encryptionSession(bob.uid, laptop.gateways.encryption)).toBeNull();
  });
});
