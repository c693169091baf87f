/** What other features may use from the auth feature. */
export {
  selectActiveUser,
  selectLoggingOut,
  selectSessionStatus,
  userSignedIn,
  userSignedOut,
  type ActiveUser,
} from './session-slice';
export { storageKeys } from './active-user-storage';
export { useLogout } from './use-logout';
