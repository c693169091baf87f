import {
  deleteUser,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendEmailVerification,
  updatePassword,
  type Auth,
} from 'firebase/auth';
import {
  equalTo,
  get,
  onDisconnect,
  orderByChild,
  query,
  ref,
  update,
  type Database,
} from 'firebase/database';
import { groupSuccessionChanges, longestStanding, type Successor } from '../groups/shapes';
import { pairKey } from '../friends/shapes';
import { parseDirectoryUser, parseMembership } from '../records';
import { placementsOf } from '../conversations';
import { homeRecords } from '../records-at-home';

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
  const home = homeRecords(db, (uid) => placementsOf(db).homeOfNow(uid));
  /** A current member of the group who still has an account, with their name as it is now. */
  async function successorCandidate(uid: string, at: number): Promise<Successor | null> {
    const profile = parseDirectoryUser(uid, (await get(ref(db, `users/${uid}`))).val());
    return profile ? { uid, username: profile.username, at } : null;
  }

  /** Each group I run: handed to its longest-standing member, or closed if nobody is in it. */
  async function myGroupsHandedOver(uid: string): Promise<Record<string, unknown>> {
    const mine = await get(query(ref(db, 'Mygroup'), orderByChild('adminId'), equalTo(uid)));
    const changes: Record<string, unknown> = {};
    const groupIds: string[] = [];
    mine.forEach((child) => {
      if (child.key) groupIds.push(child.key);
    });
    for (const groupId of groupIds) {
      const rosterValue = (await get(ref(db, `groupMembership/${groupId}`))).val() as Record<
        string,
        unknown
      > | null;
      const roster = Object.entries(rosterValue ?? {}).flatMap(([memberUid, value]) => {
        const entry = parseMembership(groupId, memberUid, value);
        return entry ? [entry] : [];
      });
      const candidates = await Promise.all(
        roster
          .filter((entry) => entry.status === 'member' && entry.uid !== uid)
          .map((entry) => successorCandidate(entry.uid, entry.at)),
      );
      const successor = longestStanding(candidates.filter((c): c is Successor => c !== null));
      Object.assign(changes, groupSuccessionChanges(groupId, roster, successor));
    }
    return changes;
  }

  /**
   * My own records on my home (docs/scaling.md): presence, prefs, drafts and each device's last
   * use, as one update of nulls there. The home's queued "offline" for my status is cancelled
   * first (writes on one connection keep their order): left queued, it would write my status
   * back when this connection closes.
   */
  async function myHomeRecords(uid: string): Promise<Record<string, unknown>> {
    const at = await home.homeOf(uid);
    const [seen] = await Promise.all([
      get(ref(at, `deviceSeen/${uid}`)),
      onDisconnect(ref(at, `status/${uid}`)).cancel(),
    ]);
    const changes: Record<string, unknown> = {
      [`status/${uid}`]: null,
      [`inboxPrefs/${uid}`]: null,
      [`drafts/${uid}`]: null,
    };
    // One device at a time, as the rules check each.
    seen.forEach((child) => {
      if (child.key) changes[`deviceSeen/${uid}/${child.key}`] = null;
    });
    return changes;
  }

  /** Every path of mine on the directory that goes with the account, as one update of nulls. */
  async function myRecords(uid: string): Promise<Record<string, unknown>> {
    const [sent, received, groups, inbox, groupInbox, handedOver, devices] = await Promise.all([
      get(query(ref(db, 'friendRequest'), orderByChild('senderId'), equalTo(uid))),
      get(query(ref(db, 'friendRequest'), orderByChild('receiverId'), equalTo(uid))),
      get(ref(db, `userGroups/${uid}`)),
      get(ref(db, `inbox/${uid}`)),
      get(ref(db, `groupInbox/${uid}`)),
      myGroupsHandedOver(uid),
      get(ref(db, `deviceKeys/${uid}`)),
    ]);
    const changes: Record<string, unknown> = {
      ...handedOver,
      [`users/${uid}`]: null,
      [`userPrivate/${uid}`]: null,
      [`pictures/${uid}`]: null,
      [`settings/${uid}`]: null,
      [`notifications/${uid}`]: null,
      [`deviceLists/${uid}`]: null,
    };
    // End-to-end encryption: my published device keys go, one device at a time as the rules allow.
    devices.forEach((child) => {
      if (child.key) changes[`deviceKeys/${uid}/${child.key}`] = null;
    });
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
     * places, inbox, settings and notifications go in one update (all or nothing; my presence,
     * prefs, drafts and devices' last use with it, or just after it on my home), then the Auth
     * account. The groups I run go, in that same update, to their longest-standing member (or
     * close when nobody is in them: group-succession.ts). Friendships, blocks and conversations stay, so the other person keeps the chat;
     * my `users` record is gone, which is how they learn the account was deleted.
     */
    async deleteAccount(password: string): Promise<void> {
      const { user, email } = signedInUser(auth);
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, password));
      // My home's records with the directory's, or right after them (still signed in then).
      await home.updateWithHome(user.uid, await myHomeRecords(user.uid), async (alsoHere) =>
        update(ref(db), { ...(await myRecords(user.uid)), ...alsoHere }),
      );
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

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    account: AccountApi;
  }
}
