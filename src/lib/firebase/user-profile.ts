/** `users/{uid}` shapes and limits, free of the database SDK so Auth code can use them. */

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
