import type { AppStartListening } from '../../app/listener-middleware';
import type { AppStore } from '../../app/store';
import type { AuthApi } from '../../lib/firebase/auth';
import { clearStoredSession, storeActiveUser } from './active-user-storage';
import { isTrustedSession, toActiveUser } from './auth-session';
import { selectSessionStatus, userSignedIn, userSignedOut } from './session-slice';

type SessionStore = Pick<AppStore, 'dispatch' | 'getState'>;

/**
 * Firebase Auth is the source of truth: every change of its user becomes userSignedIn or
 * userSignedOut. An unverified password account counts as signed out, even in the moment
 * between its sign-in and the sign-out that the login and registration flows follow with.
 * A sign-out already recorded (e.g. by the logout button) is not reported twice.
 */
export function observeAuth(store: SessionStore, api: Pick<AuthApi, 'observeSession'>) {
  return api.observeSession((user) => {
    if (user && isTrustedSession(user)) {
      store.dispatch(userSignedIn(toActiveUser(user)));
    } else if (selectSessionStatus(store.getState()) !== 'signedOut') {
      store.dispatch(userSignedOut());
    }
  });
}

/** Mirrors the session to local storage, where the spec keeps `activeUser`. */
export function addAuthListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: userSignedIn,
    effect: (action) => storeActiveUser(action.payload),
  });
  startAppListening({
    actionCreator: userSignedOut,
    effect: () => clearStoredSession(),
  });
}
