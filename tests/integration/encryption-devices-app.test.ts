import { describe, expect, it } from 'vitest';
import { memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { makeStore } from '../../src/app/store';
import { addEncryptionListeners } from '../../src/features/encryption/encryption-listeners';
import {
  selectBackupState,
  selectDevicesAwaitingApproval,
  selectHoldsBackupKey,
  selectThisDeviceApproval,
} from '../../src/features/encryption/encryption-slice';
import { userSignedIn, userSignedOut } from '../../src/store/session';
import { adminGet, signInClient } from '../support/backend';
import { cleanBackendPerTest, eventually, gatewaysFor, type Person } from './app-clients';

// Issue 28: the app's encryption listeners against the emulators: the first device of an account
// approves itself and makes the key backup; a second one waits, and the first is asked about it.
const { signUp, stopAfterTest } = cleanBackendPerTest();

function deviceStore(person: Person) {
  const store = makeStore({ gateways: gatewaysFor(person) });
  addEncryptionListeners(store.startListening, memoryKeyVault());
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
    expect(backup.sealed).toMatch(/^v1\./);

    const laptopClient = await signInClient('bob@example.com', 'Secret123');
    stopAfterTest(() => laptopClient.close());
    const laptop = deviceStore({ ...bob, client: laptopClient });
    await eventually(() => {
      expect(selectThisDeviceApproval(laptop.getState())).toBe('waiting');
      expect(selectHoldsBackupKey(laptop.getState())).toBe(false);
    }, 15_000);
    await eventually(() => expect(selectDevicesAwaitingApproval(phone.getState())).toHaveLength(1));
  });
});
