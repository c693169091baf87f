import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type ListenerMiddlewareInstance,
  type Reducer,
  type Slice,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import type { Gateways } from './gateways';
import type { RootState } from './root-state';
import { sessionSlice } from './session/session-slice';

export type { RootState } from './root-state';

export interface StoreOptions {
  /** The features' slices (src/app/slices.ts for the app); the session slice is always in. */
  slices: readonly Slice[];
  gateways: Gateways;
  preloadedState?: Partial<RootState>;
  /** Adds the listeners every screen needs (the app's are in src/app/listeners.ts). */
  registerListeners?: (start: AppStartListening) => void;
}

/**
 * The root reducer of the session and the given slices, as RootState (declaration merging).
 * `combineReducers` (already in configureStore) rather than `combineSlices`: the same result for
 * slices known at start, without adding the latter's code to the first screen.
 */
export function buildRootReducer(slices: readonly Slice[]): Reducer<RootState> {
  const reducers = Object.fromEntries(
    [sessionSlice, ...slices].map((slice) => [slice.reducerPath, slice.reducer]),
  );
  return combineReducers(reducers) as unknown as Reducer<RootState>;
}

function configureAppStore(
  { slices, preloadedState, gateways }: StoreOptions,
  listeners: ListenerMiddlewareInstance,
) {
  return configureStore({
    reducer: buildRootReducer(slices),
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: gateways } }).prepend(listeners.middleware),
  });
}

export type AppDispatch = ReturnType<typeof configureAppStore>['dispatch'];
export type AppStartListening = TypedStartListening<RootState, AppDispatch, Gateways>;

/**
 * Builds a store from the slices and listeners it is given. Thunks and listeners reach Firebase
 * only through `gateways`; `startListening` adds the signed-in features' listeners later.
 */
export function createAppStore(options: StoreOptions) {
  const listeners = createListenerMiddleware({ extra: options.gateways });
  const store = configureAppStore(options, listeners);
  const startListening = listeners.startListening.withTypes<RootState, AppDispatch, Gateways>();
  options.registerListeners?.(startListening);
  return Object.assign(store, {
    gateways: options.gateways,
    startListening,
    /** Removes every listener, e.g. when a test's store is done. */
    clearListeners: () => listeners.clearListeners(),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
