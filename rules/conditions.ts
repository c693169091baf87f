/**
 * Named conditions the data areas share. Each returns rule expression text (see builder.ts), so
 * a rule reads as a sentence: `and(verifiedUser, isUser($uid))`.
 */
import { and, childOf, concat, Expr, not, or, quote, when, x, type RuleNode } from './builder';

/** A `$wildcard` captured by the path, e.g. `variable('uid')` is `$uid`. */
export const variable = (name: string) => new Expr(`$${name}`);

export const data = new Expr('data');
export const newData = new Expr('newData');
export const root = new Expr('root');
export const me = new Expr('auth.uid');

/** `root.child('a/' + $b + '/c')` from `at('a', $b, 'c')`: the database before the write. */
export const at = (...path: (Expr | string)[]) => childOf(root, ...path);

/**
 * The database as it will be after this write, seen from `depth` levels below the root. A
 * multi-path update lands all at once, so a rule can require its partner write (`pairs` beside a
 * new request, `userGroups` beside a membership) in the same update.
 */
export const after =
  (depth: number) =>
  (...path: (Expr | string)[]) =>
    childOf(new Expr(`newData${'.parent()'.repeat(depth)}`), ...path);

export const val = (snapshot: Expr) => x`${snapshot}.val()`;
export const exists = (snapshot: Expr) => x`${snapshot}.exists()`;
export const missing = (snapshot: Expr) => not(exists(snapshot));
export const eq = (left: Expr, right: Expr | string) => x`${left} == ${right}`;
export const ne = (left: Expr, right: Expr | string) => x`${left} != ${right}`;

/** `data.child('key').val()`: a field as stored before the write. */
export const oldField = (key: string) => val(childOf(data, key));
/** `newData.child('key').val()`: a field as it will be written. */
export const newField = (key: string) => val(childOf(newData, key));

/** The written value itself. */
export const newValue = new Expr('newData.val()');

export const signedIn = new Expr('auth != null');
/**
 * Signed in with a verified e-mail. The app keeps only verified sessions; demanding it here too
 * stops an unverified account (a typo'd or someone else's address) from writing through the SDK.
 */
export const verifiedUser = and(signedIn, x`auth.token.email_verified == true`);
/** The signed-in user is `uid`. */
export const isUser = (uid: Expr) => x`auth.uid == ${uid}`;

/** `a < b ? a_b : b_a`: the one key two users share, whoever of them computes it. */
export const pairKey = (a: Expr, b: Expr) =>
  when(x`${a} < ${b}`, x`${a} + '_' + ${b}`, x`${b} + '_' + ${a}`);

/**
 * The signed-in user is one of the two people a relationship links: `field(key)` reads its
 * `senderId`/`receiverId` (or `blockid`/`blockbyid`) from wherever the record is.
 */
export const partyOf = (field: (key: string) => Expr, first = 'senderId', second = 'receiverId') =>
  or(eq(field(first), me), eq(field(second), me));

/** The signed-in user is the admin of group `groupId`, as stored before the write. */
export const adminOf = (groupId: Expr) => eq(val(at('Mygroup', groupId, 'adminId')), me);

/** The written value equals the server's clock: clients send `serverTimestamp()`, never their own. */
export const serverTime = and(x`newData.isNumber()`, x`newData.val() == now`);

/** A string whose length is within the given bounds (either may be left out). */
export function stringOf(length: { min?: number; max?: number } = {}): Expr {
  const checks = [x`newData.isString()`];
  if (length.min !== undefined) checks.push(x`newData.val().length >= ${length.min}`);
  if (length.max !== undefined) checks.push(x`newData.val().length <= ${length.max}`);
  return and(...checks);
}

/** Firebase Auth uids are 1–128 characters. */
export const uidField: RuleNode = { '.validate': stringOf({ min: 1, max: 128 }) };
/** A display name copied into a relationship record. */
export const nameField: RuleNode = { '.validate': stringOf({ min: 1, max: 100 }) };

/** The written value is one of these strings. */
export const oneOf = (...values: string[]) => or(...values.map((value) => eq(newValue, value)));

/** `newData.hasChildren(['a', 'b'])` */
export const hasChildren = (keys: readonly string[]) =>
  new Expr(`newData.hasChildren([${keys.map(quote).join(', ')}])`);

/**
 * Exactly these fields: each one present (checked in the listed order, plus `also`), each with
 * its own rule, and any other child refused.
 */
export function exactFields(fields: Record<string, RuleNode>, also?: Expr): RuleNode {
  const present = hasChildren(Object.keys(fields));
  return {
    '.validate': also ? and(present, also) : present,
    ...fields,
    $other: { '.validate': false },
  };
}

/**
 * A list query for one's own records: rules are not filters, so a list read is allowed only when
 * the query itself asks for records whose `field` equals the reader's uid.
 */
export const queryByOwnId = (...fields: string[]) =>
  and(
    signedIn,
    x`query.equalTo == auth.uid`,
    or(...fields.map((field) => x`query.orderByChild == ${field}`)),
  );

/**
 * A photo: a URL, or a `picture:{uid}:…` reference (see src/lib/firebase/picture-reference.ts),
 * which must name `owner`'s own picture so nobody can show someone else's as theirs.
 */
export const photoOf = (owner: Expr) =>
  and(
    stringOf({ max: 2048 }),
    or(
      not(x`newData.val().beginsWith('picture:')`),
      x`newData.val().beginsWith(${concat('picture:', owner, ':')})`,
    ),
  );

/** The write creates the node. */
export const creating = missing(data);
/** The write deletes the node. */
export const deleting = and(exists(data), missing(newData));

/**
 * The photo copied into a relationship record: like `users/{uid}/photo`, a `picture:` reference
 * must name the picture of the record's sender (who wrote it), never someone else's.
 */
export const senderPhotoField: RuleNode = {
  '.validate': photoOf(x`newData.parent().child('senderId').val()`),
};

/**
 * `uid`'s account still exists: its public profile `users/{uid}` is there. Deleting an account
 * removes it first (src/lib/firebase/account.ts), so nothing is written for a recipient who is
 * gone: no inbox entry, notification, invitation, join request or message (issue 24).
 */
export const accountExists = (uid: Expr) => exists(at('users', uid));

/**
 * No block stands between `a` and `b`, whoever blocked whom: a block keeps the pair's
 * relationship id in `pairs/{pairKey}` and replaces the friendship under it (rules/friends.ts).
 */
export const noBlockBetween = (a: Expr, b: Expr) =>
  or(missing(at('pairs', pairKey(a, b))), missing(at('block', val(at('pairs', pairKey(a, b))))));
