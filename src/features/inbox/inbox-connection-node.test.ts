// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { createFakeGateways } from '../../testing/fake-gateways';
import { userSignedIn } from '../../store/session';
import { addInboxListeners } from './inbox-listeners';

/** A signed-in store, once its inbox listeners have opened (they watch the connection). */
async function signedInStore() {
  const gateways = createFakeGateways();
  const store = makeStore({ gateways });
  stores.push(store);
  addInboxListeners(store.startListening);
  store.dispatch(
    userSignedIn({
      uid: 'me',
      email: 'mia@example.com',
      displayName: 'Mia',
      photoURL: '',
      emailVerified: true,
    }),
  );
  await vi.waitFor(() => expect(gateways.inbox.subscribeConnected).toHaveBeenCalled());
  return store;
}

let stores: ReturnType<typeof makeStore>[] = [];
afterEach(() => {
  for (const store of stores) store.clearListeners();
  stores = [];
  vi.unstubAllGlobals();
});

// Node 21+ defines a global `navigator` (userAgent, platform, ...) with no `onLine`; stores
// created in Node (the integration suite) must not read that as "offline".
describe('inbox connection at sign-in', () => {
  it('stays unknown under a Node-style navigator that has no onLine', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js/24', platform: 'linux' });
    const store = await signedInStore();
    expect(store.getState().inbox.connection).toBe('unknown');
  });

  it('is offline at once when the browser says it is offline', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0', onLine: false });
    const store = await signedInStore();
    expect(store.getState().inbox.connection).toBe('offline');
  });
});
