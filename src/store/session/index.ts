/**
 * The signed-in session as the store holds it, and what per-user slices and listeners build
 * on. Free of Firebase code, so importing a slice never starts Firebase.
 */
export {
  dataLoadFailed,
  logoutFailed,
  logoutStarted,
  selectActiveUser,
  selectDataLoadFailed,
  selectLoggingOut,
  selectSessionStatus,
  userSignedIn,
  userSignedOut,
  type ActiveUser,
} from './session-slice';
export { clearStoredSession, storageKeys, storeActiveUser } from './active-user-storage';
export { resetPerSignedInUser, whileSignedIn } from './per-user-session';
