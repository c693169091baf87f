/** Groups (`Mygroup`), their members (`groupMembership`) and each user's index (`userGroups`). */
import { and, not, or, x, type Expr, type RuleNode } from './builder';
import {
  $groupId,
  $uid,
  accountExists,
  after,
  at,
  creating,
  data,
  deleting,
  eq,
  exactFields,
  exists,
  isUser,
  me,
  missing,
  ne,
  newData,
  newField,
  newValue,
  noBlockBetween,
  oldField,
  oneOf,
  pairKey,
  profileName,
  profileNameField,
  serverTime,
  sibling,
  signedIn,
  signedInAs,
  stringOf,
  uidField,
  unchanged,
  val,
  verifiedUser,
} from './conditions';
import { adminIdOf, adminOf, memberOf } from './groups-access';

/** The database after the write, from `groupMembership/$groupId/$uid` or `userGroups/$uid/$groupId`. */
const next = after(3);

/** A name or tag as typed: no blank padding at either end. */
const trimmedText = (min: number, max: number): Expr =>
  and(stringOf({ min, max }), x`!newData.val().beginsWith(' ')`, x`!newData.val().endsWith(' ')`);

/** The database after the write, from `Mygroup/$groupId`. */
const groupAfter = after(2);
/** `uid`'s roster entry is gone after the write. */
const leavesRoster = (uid: Expr) => missing(groupAfter('groupMembership', $groupId, uid));
/** An edit of a stored group that keeps its name and tag. */
const editKeepingNames = (...conditions: Expr[]) =>
  and(exists(data), exists(newData), ...conditions, unchanged('groupName'), unchanged('groupTag'));
/** Nothing of an earlier group is stored under the id. */
const unusedId = and(
  missing(at('groupMessages', $groupId)),
  missing(at('groupMembership', $groupId)),
);

export const Mygroup: RuleNode = {
  // Either "my groups" (by admin) or the newest page of all groups, at most 100.
  '.read': and(
    signedIn,
    or(
      and(x`query.orderByChild == 'adminId'`, x`query.equalTo == auth.uid`),
      and(x`query.orderByKey == true`, x`query.limitToLast != null`, x`query.limitToLast <= 100`),
    ),
  ),
  '.indexOn': ['adminId'],
  $groupId: {
    '.read': signedIn,
    '.write': and(
      verifiedUser,
      or(
        // Only its admin creates or edits a group; a new group never takes a used id (whose
        // conversation or roster would come back with it).
        and(
          exists(newData),
          eq(newField('adminId'), me),
          or(and(creating, unusedId), eq(oldField('adminId'), me)),
        ),
        // The admin hands the group to a current member, who leaves the roster in the same
        // update (admins are never in it). Account deletion does this (docs/data-model.md).
        editKeepingNames(
          eq(oldField('adminId'), me),
          ne(newField('adminId'), me),
          memberOf($groupId, newField('adminId')),
          accountExists(newField('adminId')),
          leavesRoster(newField('adminId')),
        ),
        // Fallback for an account deleted outside the app: a member takes over a group whose
        // admin's profile is gone, leaving the roster in the same update.
        editKeepingNames(
          eq(newField('adminId'), me),
          missing(at('users', oldField('adminId'))),
          memberOf($groupId, me),
          leavesRoster(me),
        ),
        // Closing: the admin deletes the group with its whole roster, only while deleting their
        // own account (a group nobody is left in). Its messages stay, readable by nobody.
        and(
          deleting,
          eq(oldField('adminId'), me),
          missing(groupAfter('users', me)),
          missing(groupAfter('groupMembership', $groupId)),
        ),
      ),
    ),
    ...exactFields({
      adminId: uidField,
      // Kept as it was by the same admin, or the (new) admin's current name from the profile.
      adminName: {
        '.validate': and(
          x`newData.isString()`,
          or(
            and(
              eq(newValue, x`data.val()`),
              eq(sibling('adminId'), x`data.parent().child('adminId').val()`),
            ),
            eq(newValue, profileName(sibling('adminId'))),
          ),
        ),
      },
      groupName: { '.validate': trimmedText(2, 30) },
      groupTag: { '.validate': trimmedText(2, 60) },
    }),
  },
};

const newStatus = newField('status');
const oldStatus = oldField('status');
const pairConversationId = val(at('pairs', pairKey($uid, me)));
/**
 * `$uid` and the admin are friends: a friendship exists under their pair's relationship id, and
 * no block does (a person I blocked never invites me, even from inconsistent older data).
 */
const friendOfAdmin = and(
  exists(at('friendList', pairConversationId)),
  missing(at('block', pairConversationId)),
);
const adminId = adminIdOf($groupId);
const membershipStatus = oneOf('invited', 'requested', 'member');

export const groupMembership: RuleNode = {
  $groupId: {
    '.read': and(signedIn, or(adminOf($groupId), memberOf($groupId, me))),
    $uid: {
      '.write': and(
        verifiedUser,
        exists(at('Mygroup', $groupId)),
        // The member's own index (`userGroups`) changes in the same write, to the same status.
        eq(val(next('userGroups', $uid, $groupId)), newStatus),
        or(
          // The admin invites a friend whose account exists.
          and(
            creating,
            eq(newStatus, 'invited'),
            adminOf($groupId),
            ne($uid, me),
            friendOfAdmin,
            accountExists($uid),
          ),
          // Anyone but the admin asks to join, while the admin's account exists and no block
          // stands between them (either way).
          and(
            creating,
            eq(newStatus, 'requested'),
            eq($uid, me),
            not(adminOf($groupId)),
            accountExists(adminId),
            noBlockBetween(me, adminId),
          ),
          // The invited user accepts; the admin accepts a request. Never across a block.
          and(
            eq(oldStatus, 'invited'),
            eq(newStatus, 'member'),
            eq($uid, me),
            noBlockBetween(me, adminId),
          ),
          and(
            eq(oldStatus, 'requested'),
            eq(newStatus, 'member'),
            adminOf($groupId),
            accountExists($uid),
            noBlockBetween($uid, me),
          ),
          // Leaving, declining, or the admin removing someone.
          and(deleting, or(eq($uid, me), adminOf($groupId))),
        ),
      ),
      ...exactFields({
        status: { '.validate': membershipStatus },
        username: profileNameField($uid),
        at: { '.validate': serverTime },
      }),
    },
  },
};

export const userGroups: RuleNode = {
  $uid: {
    '.read': signedInAs($uid),
    $groupId: {
      // Written only alongside the matching membership, whose rule decides who may.
      '.write': and(
        verifiedUser,
        or(isUser($uid), adminOf($groupId)),
        eq(val(next('groupMembership', $groupId, $uid, 'status')), newValue),
      ),
      '.validate': membershipStatus,
    },
  },
};
