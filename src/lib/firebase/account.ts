import {
  deleteUser,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendEmailVerification,
  updatePassword,
  type Auth,
} from 'firebase/auth';
import { equalTo, get, orderByChild, query, ref, update, type Database } from 'firebase/database';
import { auth as appAuth } from './app';
import { db as appDb } from './database';
import { pairKey } from './pair-key';

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
  /** Every path of mine that goes with the account, as one root update of nulls. */
  async function myRecords(uid: string): Promise<Record<string, null>> {
    const [sent, received, groups, inbox, groupInbox] = await Promise.all([
      get(query(ref(db, 'friendRequest'), orderByChild('senderId'), equalTo(uid))),
      get(query(ref(db, 'friendRequest'), orderByChild('receiverId'), equalTo(uid))),
      get(ref(db, `userGroups/${uid}`)),
      get(ref(db, `inbox/${uid}`)),
      get(ref(db, `groupInbox/${uid}`)),
    ]);
    const changes: Record<string, null> = {
      [`users/${uid}`]: null,
      [`userPrivate/${uid}`]: null,
      [`pictures/${uid}`]: null,
      [`settings/${uid}`]: null,
      [`notifications/${uid}`]: null,
    };
    for (const list of [sent, received]) {
      list.forEach((child) => {
        const value = child.val() as { senderId?: unknown; receiverId?: unknown } | null;
        const { senderId, receiverId } = value ?? {};
        if (!child.key || typeof senderId !== 'string' || typeof receiverId !== 'string') return;
        changes[`friendRequest/${child.key}`] = null;
        changes[`pairs/${pairKey(senderId, receiverId)}`] = null;
      });
    }
    groups.forEach((child) => {
      if (!child.key) return;
      changes[`groupMembership/${child.key}/${uid}`] = null;
      changes[`userGroups/${uid}/${child.key}`] = null;
    });
    inbox.forEach((child) => {
      if (child.key) changes[`inbox/${uid}/${child.key}`] = null;
    });
    groupInbox.forEach((child) => {
      if (child.key) changes[`groupInbox/${uid}/${child.key}`] = null;
    });
    return changes;
  }

  return {
    /**
     * Deletes the account after proving the password: my profile, picture, requests, group
     * places, inbox, settings and notifications go in one update (all or nothing), then the Auth
     * account. Friendships, blocks and conversations stay, so the other person keeps the chat;
     * my `users` record is gone, which is how they learn the account was deleted.
     */
    async deleteAccount(password: string): Promise<void> {
      const { user, email } = signedInUser(auth);
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, password));
      await update(ref(db), await myRecords(user.uid));
      await deleteUser(user);
    },

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
