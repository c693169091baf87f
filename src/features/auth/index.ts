/** What other features may use from the auth feature. */
export {
  logoutFailed,
  logoutStarted,
  selectActiveUser,
  selectLoggingOut,
  selectSessionStatus,
  userSignedIn,
  userSignedOut,
  type ActiveUser,
} from './session-slice';
export { storageKeys } from './active-user-storage';
export { resetPerSignedInUser, whileSignedIn } from './per-user-session';
export { useLogout } from './use-logout';
