import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuth, deferred, sessionUser } from '../../../testing/fake-auth';
import type { AuthApi, SessionUser } from './gateway';
import { browserDeferredAuthApi, deferredAuthApi, hasStoredSession } from './deferred';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A real-looking SDK gateway whose observer the test drives by hand. */
function sdkGateway() {
  const real = createFakeAuth();
  const observers: Array<(user: SessionUser | null) => void> = [];
  const detach = vi.fn();
  real.observeSession.mockImplementation((onChange) => {
    observers.push(onChange);
    return detach;
  });
  return { real, observers, detach, load: vi.fn(() => Promise.resolve<AuthApi>(real)) };
}

function storage(keys: string[]) {
  return () => ({ length: keys.length, key: (i: number) => keys[i] ?? null });
}

describe('hasStoredSession', () => {
  it("finds Firebase's persisted user of the default app, and only that", () => {
    expect(hasStoredSession(storage(['activeUser', 'firebase:authUser:key-1:[DEFAULT]']))).toBe(
      true,
    );
    expect(hasStoredSession(storage(['activeUser', 'firebase:authUser:key-1:other']))).toBe(false);
    expect(hasStoredSession(storage([]))).toBe(false);
  });

  it('assumes a session when storage cannot be read, so a signed-in user is never dropped', () => {
    expect(
      hasStoredSession(() => {
        throw new Error('SecurityError');
      }),
    ).toBe(true);
  });
});

describe('deferredAuthApi', () => {
  it('reports a visitor without a stored session signed out without loading the SDK', async () => {
    const { load } = sdkGateway();
    const api = deferredAuthApi(load, {
      hasStoredSession: () => false,
      onSessionStored: () => () => undefined,
    });
    const onChange = vi.fn();
    api.observeSession(onChange);
    expect(onChange).not.toHaveBeenCalled(); // after observeSession returns, as Firebase does
    await flush();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the SDK on the first action and hands later session changes to the observer', async () => {
    const { real, observers, load } = sdkGateway();
    real.signInWithPassword.mockResolvedValue({ status: 'signedIn', user: sessionUser });
    const api = deferredAuthApi(load, {
      hasStoredSession: () => false,
      onSessionStored: () => () => undefined,
    });
    const onChange = vi.fn();
    api.observeSession(onChange);
    await flush();

    await expect(api.signInWithPassword('sara@example.com', 'pw')).resolves.toEqual({
      status: 'signedIn',
      user: sessionUser,
    });
    expect(real.signInWithPassword).toHaveBeenCalledWith('sara@example.com', 'pw');
    expect(load).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(1);
    observers[0]?.(sessionUser);
    expect(onChange).toHaveBeenLastCalledWith(sessionUser);
  });

  it('loads at once when a session is stored, and reports only what Firebase restores', async () => {
    const { observers, load } = sdkGateway();
    const api = deferredAuthApi(load, {
      hasStoredSession: () => true,
      onSessionStored: () => () => undefined,
    });
    const onChange = vi.fn();
    api.observeSession(onChange);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    observers[0]?.(sessionUser);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(sessionUser);
  });

  it('loads when another tab stores a session, so this tab follows that sign-in', async () => {
    const { observers, load } = sdkGateway();
    let stored: (() => void) | undefined;
    const api = deferredAuthApi(load, {
      hasStoredSession: () => false,
      onSessionStored: (callback) => {
        stored = callback;
        return () => (stored = undefined);
      },
    });
    api.observeSession(vi.fn());
    await flush();
    expect(load).not.toHaveBeenCalled();
    stored?.();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(1);
  });

  it('retries a failed download on the next action', async () => {
    const { real, load } = sdkGateway();
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    real.sendPasswordReset.mockResolvedValue(undefined);
    const api = deferredAuthApi(load, {
      hasStoredSession: () => false,
      onSessionStored: () => () => undefined,
    });
    await expect(api.sendPasswordReset('sara@example.com')).rejects.toThrow('Failed to fetch');
    await expect(api.sendPasswordReset('sara@example.com')).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops reporting once unsubscribed, before and after the SDK is up', async () => {
    const { detach, load } = sdkGateway();
    const api = deferredAuthApi(load, {
      hasStoredSession: () => false,
      onSessionStored: () => () => undefined,
    });
    const early = vi.fn();
    api.observeSession(early)();
    await flush();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const stop = api.observeSession(late);
    await api.signOut();
    stop();
    expect(detach).toHaveBeenCalledTimes(1);
  });

  it('lets an action wait for a slow download instead of failing', async () => {
    const { real } = sdkGateway();
    const download = deferred<AuthApi>();
    const api = deferredAuthApi(() => download.promise, {
      hasStoredSession: () => false,
      onSessionStored: () => () => undefined,
    });
    real.signOut.mockResolvedValue(undefined);
    const done = api.signOut();
    download.resolve(real);
    await expect(done).resolves.toBeUndefined();
    expect(real.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('browserDeferredAuthApi', () => {
  afterEach(() => localStorage.clear());

  it("follows a 'storage' event of Firebase's user key from another tab", async () => {
    const { observers, load } = sdkGateway();
    browserDeferredAuthApi(load).observeSession(vi.fn());
    await flush();
    window.dispatchEvent(new StorageEvent('storage', { key: 'activeUser', newValue: '{}' }));
    await flush();
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'firebase:authUser:k:[DEFAULT]', newValue: '{}' }),
    );
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(1);
  });

  it('restores at once when localStorage holds a Firebase user', async () => {
    localStorage.setItem('firebase:authUser:k:[DEFAULT]', '{}');
    const { load } = sdkGateway();
    browserDeferredAuthApi(load).observeSession(vi.fn());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
