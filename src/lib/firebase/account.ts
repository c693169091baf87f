import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendEmailVerification,
  updatePassword,
  type Auth,
} from 'firebase/auth';
import { ref, update, type Database } from 'firebase/database';
import { auth as appAuth } from './app';
import { db as appDb } from './database';

function signedInUser(auth: Auth) {
  const user = auth.currentUser;
  if (!user?.email) throw new Error('Not signed in');
  return { user, email: user.email };
}

/**
 * The signed-in account's own changes: its password (after proving the current one), its
 * verification e-mail and its display name.
 */
export function makeAccountApi(auth: Auth, db: Database) {
  return {
    /**
     * Proves the current password again (Firebase asks for a recent sign-in anyway), then sets
     * the new one. A wrong current password rejects with auth/wrong-password or
     * auth/invalid-credential and changes nothing.
     */
    async changePassword(current: string, next: string): Promise<void> {
      const { user, email } = signedInUser(auth);
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, current));
      await updatePassword(user, next);
    },

    async resendVerification(): Promise<void> {
      await sendEmailVerification(signedInUser(auth).user);
    },

    /**
     * My display name, in one update of `users/{uid}` (and its search key): the sidebar, the
     * User List, avatars and new requests, groups and notifications take it from there.
     */
    async changeName(uid: string, username: string): Promise<void> {
      await update(ref(db), {
        [`users/${uid}/username`]: username,
        [`users/${uid}/usernameLower`]: username.toLowerCase(),
      });
    },
  };
}

export type AccountApi = ReturnType<typeof makeAccountApi>;

export const accountApi: AccountApi = makeAccountApi(appAuth, appDb);
