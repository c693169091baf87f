import { createAction } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../testing/session-fixtures';
import { userSignedIn, userSignedOut, whileSignedIn } from '../store/session';
import type { Gateways } from '../store/gateways';
import { afterDatabase, signedInLoader } from './signed-in';
import { makeStore } from './store';

const poke = createAction<number>('test/poke');

/** A store whose signed-in listeners wait for a database load the test finishes by hand. */
function setUp() {
  const store = makeStore({ gateways: {} as Gateways });
  let loaded = false;
  let finish = (): void => undefined;
  const load = new Promise<void>((resolve) => (finish = resolve));
  const start = afterDatabase(
    store.startListening,
    () => loaded,
    () => load,
  );
  const finishLoad = async () => {
    loaded = true;
    finish();
    await load;
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, start, finishLoad };
}

describe('signed-in listeners before the database is in', () => {
  it('run their effects once it has loaded, with the state from before their action', async () => {
    const { store, start, finishLoad } = setUp();
    const seen: Array<{ value: number; signedIn: string }> = [];
    start({
      actionCreator: poke,
      effect: (action, api) => {
        seen.push({ value: action.payload, signedIn: api.getOriginalState().session.status });
      },
    });
    store.dispatch(poke(1));
    store.dispatch(userSignedIn(sampleUser));
    await Promise.resolve();
    expect(seen).toEqual([]);
    await finishLoad();
    expect(seen).toEqual([{ value: 1, signedIn: 'unknown' }]);
    // Once loaded, an effect runs as the action is dispatched.
    store.dispatch(poke(2));
    expect(seen).toHaveLength(2);
  });

  it('open nothing for a user who signed out while it loaded', async () => {
    const { store, start, finishLoad } = setUp();
    const open = vi.fn(() => () => undefined);
    whileSignedIn(start, open);
    store.dispatch(userSignedIn(sampleUser));
    store.dispatch(userSignedOut());
    await finishLoad();
    expect(open).not.toHaveBeenCalled();
  });

  it('open the live queries of a user still signed in, and close them on sign-out', async () => {
    const { store, start, finishLoad } = setUp();
    const close = vi.fn();
    const open = vi.fn(() => close);
    whileSignedIn(start, open);
    store.dispatch(userSignedIn(sampleUser));
    await finishLoad();
    expect(open).toHaveBeenCalledWith(sampleUser.uid, expect.anything());
    store.dispatch(userSignedOut());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('signedInLoader', () => {
  it('registers the listeners, and loads the database only after the paint', async () => {
    const store = makeStore({ gateways: {} as Gateways });
    const loadDatabase = vi.fn(() => Promise.resolve());
    let painted: (() => void) | null = null;
    const load = signedInLoader(store.startListening, loadDatabase, (run) => (painted = run));
    await load();
    expect(loadDatabase).not.toHaveBeenCalled();
    expect(painted).not.toBeNull();
    painted!();
    expect(loadDatabase).toHaveBeenCalledTimes(1);
    // Once per store.
    await load();
    expect(loadDatabase).toHaveBeenCalledTimes(1);
  }, 30_000); // the first import of every signed-in listener module

  it('loads the database at once when a screen is already up (a sign-in from login)', async () => {
    const store = makeStore({ gateways: {} as Gateways });
    const loadDatabase = vi.fn(() => Promise.resolve());
    const load = signedInLoader(
      store.startListening,
      loadDatabase,
      () => undefined,
      () => true,
    );
    const done = load();
    expect(loadDatabase).toHaveBeenCalledTimes(1);
    await done;
  }, 30_000);

  it('has the listeners wait for the paint, not start the load themselves', async () => {
    const store = makeStore({ gateways: {} as Gateways });
    const loadDatabase = vi.fn(() => Promise.resolve());
    await signedInLoader(store.startListening, loadDatabase, () => undefined)();
    store.dispatch(userSignedIn(sampleUser));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadDatabase).not.toHaveBeenCalled();
  });

  it('reports a database code that could not be downloaded', async () => {
    const store = makeStore({ gateways: {} as Gateways });
    const failure = new Error('Failed to fetch dynamically imported module');
    const onFailed = vi.fn();
    await signedInLoader(
      store.startListening,
      () => Promise.reject(failure),
      (run) => run(),
      () => false,
      onFailed,
    )();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onFailed).toHaveBeenCalledWith(failure);
  });
});
