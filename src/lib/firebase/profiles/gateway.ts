import { get, ref, update, type Database } from 'firebase/database';
import { db as appDb } from '../database';
import { placementsOf } from '../conversations';
import { chooseHome } from '../conversations/shapes';
import { toUserPrivateRecord, toUserRecord, type UserProfile, type UserRecord } from './record';

function parseUserRecord(value: unknown): UserRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { username, photo } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof photo !== 'string') return null;
  return toUserRecord({ username, photo });
}

export function makeUsersApi(db: Database) {
  return {
    /**
     * Writes `users/{uid}` (public) and `userPrivate/{uid}` (the e-mail) in one atomic update, so
     * a profile never exists without its private part; the rules only let the owner do it. A
     * new person's home instance (`homes/{uid}`, one of the open instances) goes with it, once.
     */
    async saveUserProfile(uid: string, profile: UserProfile): Promise<void> {
      const [config, home] = await Promise.all([
        placementsOf(db).config(),
        get(ref(db, `homes/${uid}`)),
      ]);
      await update(ref(db), {
        [`users/${uid}`]: toUserRecord(profile),
        [`userPrivate/${uid}`]: toUserPrivateRecord(profile),
        ...(home.exists() ? {} : { [`homes/${uid}`]: chooseHome(config, uid) }),
      });
    },

    async removeUserProfile(uid: string): Promise<void> {
      await update(ref(db), { [`users/${uid}`]: null, [`userPrivate/${uid}`]: null });
    },

    /** The public part, or null when the account has none yet. */
    async getUserProfile(uid: string): Promise<UserRecord | null> {
      const snapshot = await get(ref(db, `users/${uid}`));
      return snapshot.exists() ? parseUserRecord(snapshot.val()) : null;
    },
  };
}

export type UsersApi = ReturnType<typeof makeUsersApi>;

export const usersApi: UsersApi = makeUsersApi(appDb);
