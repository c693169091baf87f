import { vi } from 'vitest';
import type { AuthApi, SessionUser } from '../lib/firebase/auth/gateway';

/** An Auth gateway of vi.fn's, each answering `undefined` until the test says otherwise. */
export function createFakeAuth() {
  return {
    register: vi.fn<AuthApi['register']>(),
    signInWithPassword: vi.fn<AuthApi['signInWithPassword']>(),
    signInWithGoogle: vi.fn<AuthApi['signInWithGoogle']>(),
    signInWithGoogleIdToken: vi.fn<AuthApi['signInWithGoogleIdToken']>(),
    sendPasswordReset: vi.fn<AuthApi['sendPasswordReset']>(),
    signOut: vi.fn<AuthApi['signOut']>(),
    observeSession: vi.fn<AuthApi['observeSession']>(() => () => undefined),
  } satisfies AuthApi;
}

export type FakeAuth = ReturnType<typeof createFakeAuth>;

/** Sara's verified password account, as the gateway reports a session. */
export const sessionUser: SessionUser = {
  uid: 'u1',
  email: 'sara@example.com',
  displayName: 'Sara_Lee',
  photoURL: '/default-avatar.svg',
  emailVerified: true,
  providerIds: ['password'],
};

export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

/** A promise the test settles by hand, to look at the screen while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
