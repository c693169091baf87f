import { addAuthListeners } from '../features/auth/auth-listeners';
import { startAppListening, type AppStartListening } from './listener-middleware';

/** Every feature's side effects; a feature exports `addXListeners(start)` and is listed here. */
const registrations: Array<(start: AppStartListening) => void> = [addAuthListeners];

export function registerAppListeners(start: AppStartListening = startAppListening): void {
  for (const register of registrations) register(start);
}
