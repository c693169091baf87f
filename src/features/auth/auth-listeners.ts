import type { AppStartListening, AppStore } from '../../store/store';
import type { AuthApi, SessionUser } from '../../lib/firebase/auth';
import {
  clearStoredSession,
  selectSessionStatus,
  storeActiveUser,
  userSignedIn,
  userSignedOut,
} from '../../store/session';
import { isTrustedSession, toActiveUser } from './auth-session';

type SessionStore = Pick<AppStore, 'dispatch' | 'getState'>;

export interface ObserveAuthOptions {
  /** Runs (to completion) before the first userSignedIn, e.g. to load the signed-in features. */
  beforeSignIn?: () => Promise<void>;
}

/**
 * Firebase Auth is the source of truth: every change of its user becomes userSignedIn or
 * userSignedOut, in the order Firebase reported them. An unverified password account counts
 * as signed out, even in the moment between its sign-in and the sign-out that the login and
 * registration flows follow with. A sign-out already recorded (e.g. by the logout button) is
 * not reported twice.
 */
export function observeAuth(
  store: SessionStore,
  api: Pick<AuthApi, 'observeSession'>,
  { beforeSignIn }: ObserveAuthOptions = {},
) {
  let prepared = !beforeSignIn;
  let queue: Promise<void> | null = null;

  const report = (user: SessionUser | null) => {
    if (user && isTrustedSession(user)) {
      store.dispatch(userSignedIn(toActiveUser(user)));
    } else if (selectSessionStatus(store.getState()) !== 'signedOut') {
      store.dispatch(userSignedOut());
    }
  };

  const prepareThenReport = async (user: SessionUser | null) => {
    if (!prepared && beforeSignIn && user && isTrustedSession(user)) {
      try {
        await beforeSignIn();
        prepared = true;
      } catch (error) {
        // Signed in all the same: the screens that failed to load offer a reload.
        console.error(error);
      }
    }
    report(user);
  };

  return api.observeSession((user) => {
    // Synchronous whenever nothing is pending, so the order of events never changes.
    const needsStep = !prepared && user !== null && isTrustedSession(user);
    if (!needsStep && !queue) return report(user);
    const next: Promise<void> = (queue ?? Promise.resolve())
      .then(() => prepareThenReport(user))
      .finally(() => {
        if (queue === next) queue = null;
      });
    queue = next;
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
