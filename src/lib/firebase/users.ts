import { get, ref, remove, set, type Database } from 'firebase/database';
import { db as appDb } from './app';

/** The picture every new account starts with (served from public/). */
export const DEFAULT_PHOTO = '/default-avatar.svg';
/** Limits enforced by database.rules.json; writers clamp to them instead of failing. */
export const USERNAME_MAX = 40;
export const PHOTO_MAX = 2048;

/** `users/{uid}` as the spec defines it. */
export interface UserProfile {
  username: string;
  email: string;
  photo: string;
}

/** What is stored: the profile plus the lower-cased name the user search orders by. */
export interface UserRecord extends UserProfile {
  usernameLower: string;
}

export function toUserRecord(profile: UserProfile): UserRecord {
  return { ...profile, usernameLower: profile.username.toLowerCase() };
}

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
