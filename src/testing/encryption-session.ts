/** A signed-in user with a ready encryption session whose key ring is a set of mocks (tests only). */
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { makeDeviceTrust } from '../lib/crypto/device-trust';
import type { EpochKeys } from '../lib/crypto/epochs/epoch-keys';
import type { KeyRing } from '../lib/crypto/key-ring/key-ring';
import { memoryPinStore } from '../lib/crypto/trust-pins';
import { userSignedIn } from '../store/session';
import type { AppDispatch, RootState } from '../store/store';
import { openEncryptionSession } from '../features/encryption/encryption-session';
import { deviceReady, selectEncryptionStatus } from '../features/encryption/encryption-slice';

export const THIS_DEVICE = 'this-device-id-00001';

export function fakeRing() {
  return {
    learned: vi.fn<KeyRing['learned']>(),
    draftsKey: vi.fn<KeyRing['draftsKey']>(() => null),
    settled: vi.fn<KeyRing['settled']>(() => Promise.resolve()),
    sync: vi.fn<KeyRing['sync']>(() => Promise.resolve(true)),
    setUp: vi.fn<KeyRing['setUp']>(() => Promise.resolve('')),
    recoveryKeyToSave: vi.fn<KeyRing['recoveryKeyToSave']>(),
    confirmSaved: vi.fn<KeyRing['confirmSaved']>(() => Promise.resolve()),
    restore: vi.fn<KeyRing['restore']>(),
    approve: vi.fn<KeyRing['approve']>(),
    removeDevice: vi.fn<KeyRing['removeDevice']>(() => Promise.resolve(null)),
    identity: vi.fn<KeyRing['identity']>(() => null),
    signer: vi.fn<KeyRing['signer']>(() => null),
    takeUpgradeNotice: vi.fn<KeyRing['takeUpgradeNotice']>(() => false),
  } satisfies KeyRing;
}

/**
 * Signs `uid` in; once the browser's own key store has failed (jsdom has none), opens `ring`, with
 * real pins in memory (returned, with the session's trust).
 */
export async function signInWithRing(
  store: { dispatch: AppDispatch; getState: () => RootState },
  ring: ReturnType<typeof fakeRing>,
  uid = 'me',
) {
  act(() => {
    store.dispatch(
      userSignedIn({
        uid,
        email: 'mia@example.com',
        displayName: 'Mia',
        photoURL: '',
        emailVerified: true,
      }),
    );
  });
  await waitFor(() => expect(selectEncryptionStatus(store.getState())).toBe('unavailable'));
  const device = {
    uid,
    deviceId: THIS_DEVICE,
    publicKey: 'B'.repeat(87),
    privateKey: {} as CryptoKey,
  };
  const pins = memoryPinStore();
  const trust = makeDeviceTrust(uid, pins);
  openEncryptionSession(uid, Promise.resolve({ device, keys: {} as EpochKeys, ring, trust }));
  act(() => {
    store.dispatch(deviceReady(THIS_DEVICE));
  });
  return { pins, trust };
}
