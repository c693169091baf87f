import { createAppStore, type StoreOptions } from '../store/store';
import { registerAppListeners } from './listeners';
import { slices } from './slices';

/**
 * The app's store, for the app and for every test: every feature's slice, and the listeners
 * every screen needs (the signed-in features add theirs with `startListening`, listeners.ts).
 */
export function makeStore(options: Omit<StoreOptions, 'slices' | 'registerListeners'>) {
  return createAppStore({ ...options, slices, registerListeners: registerAppListeners });
}
