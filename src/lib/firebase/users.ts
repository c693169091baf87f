import { get, ref, remove, set, type Database } from 'firebase/database';
import { db as appDb } from './database';
import { toUserRecord, type UserProfile, type UserRecord } from './user-profile';

function parseUserRecord(value: unknown): UserRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { username, email, photo } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof email !== 'string' || typeof photo !== 'string') {
    return null;
  }
  return toUserRecord({ username, email, photo });
}

export function makeUsersApi(db: Database) {
  return {
    /** Writes `users/{uid}`; the rules only let the signed-in owner do it. */
    async saveUserProfile(uid: string, profile: UserProfile): Promise<void> {
      await set(ref(db, `users/${uid}`), toUserRecord(profile));
    },

    async removeUserProfile(uid: string): Promise<void> {
      await remove(ref(db, `users/${uid}`));
    },

    async getUserProfile(uid: string): Promise<UserRecord | null> {
      const snapshot = await get(ref(db, `users/${uid}`));
      return snapshot.exists() ? parseUserRecord(snapshot.val()) : null;
    },
  };
}

export type UsersApi = ReturnType<typeof makeUsersApi>;

export const usersApi: UsersApi = makeUsersApi(appDb);
