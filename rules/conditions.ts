/**
 * Named conditions the data areas share. Each returns rule expression text (see builder.ts), so
 * a rule reads as a sentence: `and(verifiedUser, isUser($uid))`.
 */
import { and, childOf, concat, Expr, not, or, quote, when, x, type RuleNode } from './builder';

/** A `$wildcard` captured by the path, e.g. `variable('uid')` is `$uid`. */
export const variable = (name: string) => new Expr(`$${name}`);

export const data = new Expr('data');
export const newData = new Expr('newData');
const root = new Expr('root');
export const me = new Expr('auth.uid');

/** The wildcards every area keys by: a person, a relationship (friendship) and a group. */
export const $uid = variable('uid');
export const $conversationId = variable('conversationId');
export const $groupId = variable('groupId');

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
/** A field beside the written value, as written: `newData.parent().child('key').val()`. */
export const sibling = (key: string) => x`newData.parent().child(${key}).val()`;
/** The field keeps its stored value. */
export const unchanged = (key: string) => eq(newField(key), oldField(key));

export const signedIn = new Expr('auth != null');
/**
 * Signed in with a verified e-mail. The app keeps only verified sessions; demanding it here too
 * stops an unverified account (a typo'd or someone else's address) from writing through the SDK.
 */
export const verifiedUser = and(signedIn, x`auth.token.email_verified == true`);
/** The signed-in user is `uid`. */
export const isUser = (uid: Expr) => x`auth.uid == ${uid}`;
/** Signed in as `uid`: what only its owner reads. */
export const signedInAs = (uid: Expr) => and(signedIn, isUser(uid));
/** Signed in as `uid` with a verified e-mail: what only its owner writes. */
export const verifiedAs = (uid: Expr) => and(verifiedUser, isUser(uid));

/** `a < b ? a_b : b_a`: the one key two users share, whoever of them computes it. */
export const pairKey = (a: Expr, b: Expr) =>
  when(x`${a} < ${b}`, x`${a} + '_' + ${b}`, x`${b} + '_' + ${a}`);

/**
 * The signed-in user is one of the two people a relationship links: `field(key)` reads its
 * `senderId`/`receiverId` (or `blockid`/`blockbyid`) from wherever the record is.
 */
export const partyOf = (field: (key: string) => Expr, first = 'senderId', second = 'receiverId') =>
  or(eq(field(first), me), eq(field(second), me));

/** A field of the friendship `friendList/$conversationId`, as stored before the write. */
export const friend = (key: string) => val(at('friendList', $conversationId, key));
/** The signed-in user is one of the two friends of `$conversationId` (a block removes the friendship). */
export const inFriendship = partyOf(friend);

/** One side of the friendship `$conversationId`: `side('Id')`, `side('Name')` are its stored fields. */
type FriendSide = (field: 'Id' | 'Name') => Expr;
const sideOf =
  (party: 'sender' | 'receiver'): FriendSide =>
  (field) =>
    friend(`${party}${field}`);

/** `check` holds for one side of the friendship `$conversationId` (sender or receiver) and the other. */
export const eitherSide = (check: (one: FriendSide, other: FriendSide) => Expr[]) =>
  or(
    and(...check(sideOf('sender'), sideOf('receiver'))),
    and(...check(sideOf('receiver'), sideOf('sender'))),
  );

/**
 * The signed-in user is one of the two friends of `$conversationId`, and `check` holds for my side and
 * the other's (when I sent the request, `their('Id')` is the friendship's `receiverId`).
 */
export const asEitherFriend = (check: (my: FriendSide, their: FriendSide) => Expr[]) =>
  eitherSide((my, their) => [eq(my('Id'), me), ...check(my, their)]);

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

/** `uid`'s name as their profile has it now. */
export const profileName = (uid: Expr) => val(at('users', uid, 'username'));
/** A name copied from `uid`'s profile as it is now, so nobody writes a name nobody has. */
export const profileNameField = (uid: Expr): RuleNode => ({
  '.validate': and(x`newData.isString()`, eq(newValue, profileName(uid))),
});

/** A base64 data URL of an image in one of `formats` (checked in order), at most `max` characters. */
export const imageDataUrl = (max: number, ...formats: string[]) =>
  and(
    stringOf({ max }),
    or(...formats.map((format) => x`newData.val().beginsWith(${`data:image/${format};base64,`})`)),
  );

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
const queryByOwnId = (...fields: string[]) =>
  and(
    signedIn,
    x`query.equalTo == auth.uid`,
    or(...fields.map((field) => x`query.orderByChild == ${field}`)),
  );

/**
 * Relationship records (requests, friendships, blocks) of which each party lists their own: the
 * list read must itself ask for them (`queryByOwnId`), and one record is read by its two parties.
 */
export const partyRecords = (first = 'senderId', second = 'receiverId') => ({
  list: { '.read': queryByOwnId(first, second), '.indexOn': [first, second] },
  one: { '.read': and(signedIn, partyOf(oldField, first, second)) },
});

/**
 * A photo (src/lib/firebase/profiles/photo-source.ts keeps the same list): none, the default
 * picture, a `picture:{uid}:…` reference (picture-reference.ts) that names `owner`'s
 * own picture so nobody can show someone else's as theirs, or a Google account's picture. Any
 * other URL would be fetched by everyone shown the person: a tracking pixel.
 */
export const photoOf = (owner: Expr) =>
  and(
    stringOf({ max: 2048 }),
    or(
      x`newData.val() === ''`,
      x`newData.val() === '/default-avatar.svg'`,
      x`newData.val().beginsWith(${concat('picture:', owner, ':')})`,
      x`newData.val().matches(/^https:\\/\\/[a-z0-9-]+\\.googleusercontent\\.com\\//)`,
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
export const senderPhotoField: RuleNode = { '.validate': photoOf(sibling('senderId')) };

/**
 * `uid`'s account still exists: its public profile `users/{uid}` is there. Deleting an account
 * removes it first (src/lib/firebase/settings/account.ts), so nothing is written for a recipient who is
 * gone: no inbox entry, notification, invitation, join request or message.
 */
export const accountExists = (uid: Expr) => exists(at('users', uid));

/**
 * No block stands between `a` and `b`, whoever blocked whom: a block keeps the pair's
 * relationship id in `pairs/{pairKey}` and replaces the friendship under it (rules/friends.ts).
 */
export const noBlockBetween = (a: Expr, b: Expr) =>
  or(missing(at('pairs', pairKey(a, b))), missing(at('block', val(at('pairs', pairKey(a, b))))));

/**
 * `{uid}`'s own record: only its owner reads it, only its verified owner writes it, and it is a
 * record of the children given, never a bare value (a string or number as the whole record).
 */
export const ownRecord = (children: RuleNode): RuleNode => ({
  $uid: {
    '.read': signedInAs($uid),
    '.write': verifiedAs($uid),
    '.validate': x`newData.hasChildren()`,
    ...children,
  },
});
