import {
  configureStore,
  createListenerMiddleware,
  type ListenerMiddlewareInstance,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import type { Gateways } from './gateways';
import { registerAppListeners } from './listeners';
import { rootReducer } from './reducer';

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  gateways: Gateways;
}

function configureAppStore(
  { preloadedState, gateways }: StoreOptions,
  listeners: ListenerMiddlewareInstance,
) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: gateways } }).prepend(listeners.middleware),
  });
}

export type AppDispatch = ReturnType<typeof configureAppStore>['dispatch'];
export type AppStartListening = TypedStartListening<RootState, AppDispatch, Gateways>;

/**
 * The one place the store is assembled, for the app and for every test. Thunks and listeners
 * reach Firebase only through `gateways`; the listeners every screen needs are registered here,
 * and `startListening` adds the signed-in features' (see listeners.ts).
 */
export function makeStore(options: StoreOptions) {
  const listeners = createListenerMiddleware({ extra: options.gateways });
  const store = configureAppStore(options, listeners);
  const startListening = listeners.startListening.withTypes<RootState, AppDispatch, Gateways>();
  registerAppListeners(startListening);
  return Object.assign(store, {
    gateways: options.gateways,
    startListening,
    /** Removes every listener, e.g. when a test's store is done. */
    clearListeners: () => listeners.clearListeners(),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
