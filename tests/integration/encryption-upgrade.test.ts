import { describe, expect, it } from 'vitest';
import { memoryKeyVault } from '../../src/lib/crypto/device-identity';
import { makeStore } from '../../src/app/store';
import { addEncryptionListeners } from '../../src/features/encryption/encryption-listeners';
import { encryptionSession } from '../../src/features/encryption/encryption-session';
import {
  selectEncryptionUpgraded,
  selectThisDeviceApproval,
} from '../../src/features/encryption/encryption-slice';
import { userSignedIn, userSignedOut } from '../../src/store/session';
import { adminGet, adminUpdate, signInClient } from '../support/backend';
import { cleanBackendPerTest, eventually, gatewaysFor, type Person } from './app-clients';

// An account from before identity keys: its next start on an approved device
// makes the identity key, signs that device and says 'Your encryption was upgraded' there; its
// other approved device signs itself at its own next start, without a word.
const { signUp, stopAfterTest } = cleanBackendPerTest();

/** `person`'s app on one device (its vault kept across starts), and how to stop it. */
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

const approved = (app: ReturnType<typeof start>) =>
  eventually(() => expect(selectThisDeviceApproval(app.store.getState())).toBe('approved'), 15_000);

describe('the upgrade to identity keys', () => {
  it('gives an existing account its identity on its next start, signs its devices, and says so once', async () => {
    const bob = await signUp('Bob');
    const phoneVault = memoryKeyVault();
    const laptopVault = memoryKeyVault();
    const laptopPerson = { ...bob, client: await signInClient('bob@example.com', 'Secret123') };
    stopAfterTest(() => laptopPerson.client.close());

    // Today's app: a phone, then a laptop it approves.
    let phone = start(bob, phoneVault);
    await approved(phone);
    let laptop = start(laptopPerson, laptopVault);
    await eventually(
      () => expect(selectThisDeviceApproval(laptop.store.getState())).toBe('waiting'),
      15_000,
    );
    const laptopId = laptop.store.getState().encryption.thisDevice ?? '';
    const phoneSession = await encryptionSession(bob.uid, phone.gateways.encryption);
    await phoneSession?.ring.approve(laptopId);
    await approved(laptop);
    phone.stop();
    laptop.stop();

    // The same data as an account from before identity keys: no identity, no device-signing key,
    // no signatures, no signed device list.
    const devices = (await adminGet(`deviceKeys/${bob.uid}`)) as Record<string, object>;
    await adminUpdate({
      [`identityKeys/${bob.uid}`]: null,
      [`deviceLists/${bob.uid}`]: null,
      [`keyBackup/${bob.uid}/identity`]: null,
      [`keyBackup/${bob.uid}/signing`]: null,
      [`keyBackup/${bob.uid}/master`]: null,
      ...Object.fromEntries(
        Object.keys(devices).map((id) => [`deviceKeys/${bob.uid}/${id}/signature`, null]),
      ),
    });

    phone = start(bob, phoneVault);
    await approved(phone);
    expect(selectEncryptionUpgraded(phone.store.getState())).toBe(true);
    const identity = (await adminGet(`identityKeys/${bob.uid}/publicKey`)) as string;
    expect(identity).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(await adminGet(`keyBackup/${bob.uid}/identity`)).toMatch(/^v1\./);
    expect(await adminGet(`keyBackup/${bob.uid}/signing`)).toMatch(/^v1\./);
    // The laptop is not signed yet: not approved to the phone, and not offered for approval
    // either (the server says it was approved before; it signs itself at its next start).
    expect(phone.store.getState().encryption.signed).not.toContain(laptopId);
    expect(await adminGet(`deviceKeys/${bob.uid}/${laptopId}/signature`)).toBeNull();

    laptop = start(laptopPerson, laptopVault);
    await approved(laptop);
    expect(await adminGet(`deviceKeys/${bob.uid}/${laptopId}/signature`)).toMatch(
      /^[A-Za-z0-9_-]{86}$/,
    );
    expect(await adminGet(`identityKeys/${bob.uid}/publicKey`)).toBe(identity);
    expect(selectEncryptionUpgraded(laptop.store.getState())).toBe(false);
    await eventually(
      () => expect(phone.store.getState().encryption.signed).toContain(laptopId),
      15_000,
    );
  });
});
