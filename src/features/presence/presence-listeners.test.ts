// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PresenceApi } from '../../lib/firebase/presence/gateway';
import { makeStore } from '../../app/store';
import { createFakeGateways } from '../../testing/fake-gateways';
import { logoutFailed, logoutStarted, userSignedIn, userSignedOut } from '../../store/session';
import { addPresenceListeners } from './presence-listeners';

const user = (uid: string) => ({
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  photoURL: '',
  emailVerified: true,
});

let stops: Array<ReturnType<typeof vi.fn>>;
let api: { goOnline: ReturnType<typeof vi.fn>; subscribeStatus: ReturnType<typeof vi.fn> };

function start() {
  const gateways = { ...createFakeGateways(), presence: api as unknown as PresenceApi };
  const store = makeStore({ gateways });
  addPresenceListeners(store.startListening);
  return store;
}

/** Lets a listener's `finally` (its close) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stops = [];
  api = {
    goOnline: vi.fn(() => {
      const stop = vi.fn();
      stops.push(stop);
      return stop;
    }),
    subscribeStatus: vi.fn(),
  };
});

describe('presence listeners', () => {
  it('go online on sign-in and offline once on sign-out', async () => {
    const store = start();
    store.dispatch(userSignedIn(user('ann')));
    store.dispatch(userSignedIn(user('ann')));
    expect(api.goOnline).toHaveBeenCalledOnce();
    expect(api.goOnline).toHaveBeenCalledWith('ann');
    store.dispatch(userSignedOut());
    await settle();
    expect(stops[0]).toHaveBeenCalledOnce();
  });

  it('go offline as the logout starts, before the sign-out, and back online if it fails', async () => {
    const store = start();
    store.dispatch(userSignedIn(user('ann')));
    store.dispatch(logoutStarted());
    expect(stops[0]).toHaveBeenCalledOnce();
    store.dispatch(logoutFailed());
    expect(api.goOnline).toHaveBeenCalledTimes(2);
    store.dispatch(logoutStarted());
    store.dispatch(userSignedOut());
    await settle();
    expect(stops[1]).toHaveBeenCalledOnce();
    expect(stops[0]).toHaveBeenCalledOnce();
  });

  it("switch to another user's presence when they sign in", async () => {
    const store = start();
    store.dispatch(userSignedIn(user('ann')));
    store.dispatch(userSignedIn(user('ben')));
    await settle();
    expect(api.goOnline.mock.calls).toEqual([['ann'], ['ben']]);
    expect(stops[0]).toHaveBeenCalledOnce();
    expect(stops[1]).not.toHaveBeenCalled();
  });
});
