import type { RootState } from '../store/store';
import type { ActiveUser } from '../store/session';

export const sampleUser: ActiveUser = {
  uid: 'uid-sara',
  email: 'sara@example.com',
  displayName: 'Sara_Lee',
  photoURL: '/default-avatar.svg',
  emailVerified: true,
};

export function signedIn(user: ActiveUser = sampleUser): Partial<RootState> {
  return {
    session: { status: 'signedIn', activeUser: user, loggingOut: false, dataLoadFailed: false },
  };
}

export function signedOut(): Partial<RootState> {
  return {
    session: { status: 'signedOut', activeUser: null, loggingOut: false, dataLoadFailed: false },
  };
}
