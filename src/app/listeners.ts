import { addAuthListeners } from '../features/auth/auth-listeners';
import type { AppStartListening } from '../store/store';
import { addWriteFailureToast } from './write-failure-toast';

/** Side effects every screen needs: the session mirror and the failed-write toast. */
export function registerAppListeners(start: AppStartListening): void {
  addAuthListeners(start);
  addWriteFailureToast(start);
}
