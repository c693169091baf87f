import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/firebase/auth/gateway';
import { makeTestStore as makeStore, sessionUser as verified } from '../../testing';
import {
  selectActiveUser,
  selectSessionStatus,
  storageKeys,
  userSignedOut,
} from '../../store/session';
import { observeAuth } from './auth-listeners';

/** A fake observeSession that lets the test play Firebase's auth state changes. */
function fakeAuth() {
  let emit: (user: SessionUser | null) => void = () => undefined;
  const unsubscribe = vi.fn();
  const api = {
    observeSession: (cb: (user: SessionUser | null) => void) => {
      emit = cb;
      return unsubscribe;
    },
  };
  return { api, emit: (user: SessionUser | null) => emit(user), unsubscribe };
}

afterEach(() => localStorage.clear());

describe('observeAuth', () => {
  it('starts unknown and becomes signedOut when there is no session', () => {
    const store = makeStore();
    const auth = fakeAuth();
    observeAuth(store, auth.api);
    expect(selectSessionStatus(store.getState())).toBe('unknown');
    auth.emit(null);
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('signs in a verified user and mirrors it to local storage', () => {
    const store = makeStore();
    const auth = fakeAuth();
    observeAuth(store, auth.api);
    auth.emit(verified);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    const { providerIds: _ignored, ...activeUser } = verified;
    expect(selectActiveUser(store.getState())).toEqual(activeUser);
    expect(JSON.parse(localStorage.getItem('activeUser') ?? 'null')).toEqual(activeUser);
  });

  it('never counts an unverified password account as signed in', () => {
    const store = makeStore();
    const auth = fakeAuth();
    observeAuth(store, auth.api);
    auth.emit({ ...verified, emailVerified: false });
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
    expect(localStorage.getItem('activeUser')).toBeNull();
  });

  it('trusts a provider account such as Google', () => {
    const store = makeStore();
    const auth = fakeAuth();
    observeAuth(store, auth.api);
    auth.emit({ ...verified, emailVerified: false, providerIds: ['google.com'] });
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
  });

  it('clears every stored key of the user on sign-out, and reports it once', () => {
    const store = makeStore();
    const auth = fakeAuth();
    const seen = vi.fn();
    const stop = store.startListening({ actionCreator: userSignedOut, effect: seen });
    observeAuth(store, auth.api);
    auth.emit(verified);
    localStorage.setItem(storageKeys.selectedFriend, '{"name":"x"}');
    localStorage.setItem(storageKeys.croppedPicture, 'data');
    store.dispatch(userSignedOut()); // the logout button got there first
    auth.emit(null);
    expect(seen).toHaveBeenCalledTimes(1);
    for (const key of ['activeUser', 'friendLists', 'userinfo']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    stop();
  });
});

describe('observeAuth with a beforeSignIn step', () => {
  function deferred() {
    let resolve: () => void = () => undefined;
    let reject: (error: Error) => void = () => undefined;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('runs it once before the first sign-in and keeps the order of later events', async () => {
    const store = makeStore();
    const auth = fakeAuth();
    const step = deferred();
    const beforeSignIn = vi.fn(() => step.promise);
    const seen: string[] = [];
    const stop = store.startListening({
      predicate: () => true,
      effect: (action) => {
        if (action.type.startsWith('session/')) seen.push(action.type);
      },
    });
    observeAuth(store, auth.api, { beforeSignIn });
    auth.emit(verified);
    auth.emit(null);
    expect(selectSessionStatus(store.getState())).toBe('unknown');
    step.resolve();
    await vi.waitFor(() => expect(selectSessionStatus(store.getState())).toBe('signedOut'));
    expect(seen).toEqual(['session/userSignedIn', 'session/userSignedOut']);
    auth.emit(verified);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    expect(beforeSignIn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('signs in even when the step fails, and tries the step again next time', async () => {
    const store = makeStore();
    const auth = fakeAuth();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const beforeSignIn = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(undefined);
    observeAuth(store, auth.api, { beforeSignIn });
    auth.emit(verified);
    await vi.waitFor(() => expect(selectSessionStatus(store.getState())).toBe('signedIn'));
    expect(consoleError).toHaveBeenCalled();
    auth.emit(null);
    auth.emit(verified);
    await vi.waitFor(() => expect(beforeSignIn).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(selectSessionStatus(store.getState())).toBe('signedIn'));
    consoleError.mockRestore();
  });

  it('does not run it for a signed-out or unverified session', () => {
    const store = makeStore();
    const auth = fakeAuth();
    const beforeSignIn = vi.fn(() => Promise.resolve());
    observeAuth(store, auth.api, { beforeSignIn });
    auth.emit(null);
    auth.emit({ ...verified, emailVerified: false });
    expect(beforeSignIn).not.toHaveBeenCalled();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });
});
