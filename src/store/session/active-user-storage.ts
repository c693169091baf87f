import type { ActiveUser } from './session-slice';

/** Local storage keys of the spec; all of them belong to the signed-in user. */
export const storageKeys = {
  activeUser: 'activeUser',
  selectedFriend: 'friendLists',
  croppedPicture: 'userinfo',
} as const;

export function storeActiveUser(user: ActiveUser): void {
  try {
    localStorage.setItem(storageKeys.activeUser, JSON.stringify(user));
  } catch {
    // Storage can be full or disabled (private mode); the session lives on in Firebase Auth.
  }
}

/** Removes everything the signed-in user left in local storage. */
export function clearStoredSession(): void {
  try {
    for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  } catch {
    // Same as above: nothing to clear when storage is unavailable.
  }
}
