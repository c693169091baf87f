/**
 * A profile in two parts: `users/{uid}`, the public part every signed-in user can see and search,
 * and `userPrivate/{uid}`, what only its owner may read (the e-mail). Rules are not filters: a
 * readable `users/{uid}` would hand out every field under it, so private fields live elsewhere.
 */
import { and, x, type RuleNode } from './builder';
import {
  $uid,
  eq,
  exactFields,
  newField,
  photoOf,
  signedIn,
  signedInAs,
  stringOf,
} from './conditions';

export const users: RuleNode = {
  // The User List pages through everyone by name: only that query, and at most 100 at a time.
  '.read': and(
    signedIn,
    x`query.orderByChild == 'usernameLower'`,
    x`query.limitToFirst != null`,
    x`query.limitToFirst <= 100`,
  ),
  '.indexOn': ['usernameLower'],
  $uid: {
    '.read': signedIn,
    // The one write an unverified account may make: registration writes it before verification.
    '.write': signedInAs($uid),
    ...exactFields(
      {
        username: { '.validate': stringOf({ min: 1, max: 40 }) },
        photo: { '.validate': photoOf($uid) },
        usernameLower: { '.validate': x`newData.isString()` },
      },
      // The search key is derived, so nobody can list themselves under a name they do not have.
      eq(newField('usernameLower'), x`${newField('username')}.toLowerCase()`),
    ),
  },
};

export const userPrivate: RuleNode = {
  $uid: {
    // The owner only: not friends, group members or the directory (no list read at all).
    '.read': signedInAs($uid),
    // Written with `users/{uid}` at registration, before the e-mail is verified.
    '.write': signedInAs($uid),
    ...exactFields({
      // The address the account signed up with, not one the client makes up.
      email: { '.validate': and(x`newData.isString()`, x`newData.val() == auth.token.email`) },
    }),
  },
};
