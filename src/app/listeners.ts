import { addAuthListeners } from '../features/auth/auth-listeners';
import { addRelationshipListeners } from '../features/friends/relationship-listeners';
import { addGroupListeners } from '../features/groups/group-listeners';
import { addProfileListeners } from '../features/users/profile-listeners';
import { addUserDirectoryListeners } from '../features/users/user-directory-listeners';
import { startAppListening, type AppStartListening } from './listener-middleware';

/** Every feature's side effects; a feature exports `addXListeners(start)` and is listed here. */
const registrations: Array<(start: AppStartListening) => void> = [
  addRelationshipListeners,
  addProfileListeners,
  addUserDirectoryListeners,
  addGroupListeners,
  addAuthListeners,
];

export function registerAppListeners(start: AppStartListening = startAppListening): void {
  for (const register of registrations) register(start);
}
