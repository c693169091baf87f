/**
 * `users/{uid}` and `userPrivate/{uid}` shapes and limits, free of the database SDK so Auth code
 * can use them.
 */

/** The picture every new account starts with (served from public/). */
export const DEFAULT_PHOTO = '/default-avatar.svg';
/** Limits enforced by database.rules.json; writers clamp to them instead of failing. */
export const USERNAME_MAX = 40;
export const PHOTO_MAX = 2048;

/** The spec's `users/{uid}` fields as registration and the first Google sign-in know them. */
export interface UserProfile {
  username: string;
  email: string;
  photo: string;
}

/**
 * `users/{uid}`: the public part every signed-in user can read and search, with the lower-cased
 * name the search orders by. The e-mail is not here: a readable record hands out every field.
 */
export interface UserRecord {
  username: string;
  photo: string;
  usernameLower: string;
}

/** `userPrivate/{uid}`: what only its owner can read. */
export interface UserPrivateRecord {
  email: string;
}

export function toUserRecord({
  username,
  photo,
}: Pick<UserProfile, 'username' | 'photo'>): UserRecord {
  return { username, photo, usernameLower: username.toLowerCase() };
}

export function toUserPrivateRecord({ email }: Pick<UserProfile, 'email'>): UserPrivateRecord {
  return { email };
}
