/** Groups (`Mygroup`), their members (`groupMembership`) and each user's index (`userGroups`). */
import { and, not, or, x, type Expr, type RuleNode } from './builder';
import {
  adminOf,
  after,
  at,
  creating,
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
  oldField,
  oneOf,
  pairKey,
  serverTime,
  signedIn,
  stringOf,
  val,
  variable,
  verifiedUser,
} from './conditions';

const $groupId = variable('groupId');
const $uid = variable('uid');
/** The database after the write, from `groupMembership/$groupId/$uid` or `userGroups/$uid/$groupId`. */
const next = after(3);

/** A name or tag as typed: no blank padding at either end. */
const trimmedText = (min: number, max: number): Expr =>
  and(stringOf({ min, max }), x`!newData.val().beginsWith(' ')`, x`!newData.val().endsWith(' ')`);

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
    // Only its admin creates or edits a group, and cannot hand it over or delete it.
    '.write': and(
      verifiedUser,
      exists(newData),
      eq(newField('adminId'), me),
      or(creating, eq(oldField('adminId'), me)),
    ),
    ...exactFields({
      adminId: { '.validate': stringOf({ min: 1, max: 128 }) },
      // Kept as it was, or the admin's current name from the profile.
      adminName: {
        '.validate': and(
          x`newData.isString()`,
          or(eq(newValue, x`data.val()`), eq(newValue, val(at('users', me, 'username')))),
        ),
      },
      groupName: { '.validate': trimmedText(2, 30) },
      groupTag: { '.validate': trimmedText(2, 60) },
    }),
  },
};

const newStatus = newField('status');
const oldStatus = oldField('status');
/** The signed-in user is a member of `$groupId` (invited or requesting people are not). */
export const isMember = eq(val(at('groupMembership', $groupId, me, 'status')), 'member');
const pairRelId = val(at('pairs', pairKey($uid, me)));
/**
 * `$uid` and the admin are friends: a friendship exists under their pair's relationship id, and
 * no block does (a person I blocked never invites me, even from inconsistent older data).
 */
const friendOfAdmin = and(exists(at('friendList', pairRelId)), missing(at('block', pairRelId)));

export const groupMembership: RuleNode = {
  $groupId: {
    '.read': and(signedIn, or(adminOf($groupId), isMember)),
    $uid: {
      '.write': and(
        verifiedUser,
        exists(at('Mygroup', $groupId)),
        // The member's own index (`userGroups`) changes in the same write, to the same status.
        eq(val(next('userGroups', $uid, $groupId)), newStatus),
        or(
          // The admin invites a friend.
          and(creating, eq(newStatus, 'invited'), adminOf($groupId), ne($uid, me), friendOfAdmin),
          // Anyone but the admin asks to join.
          and(creating, eq(newStatus, 'requested'), eq($uid, me), not(adminOf($groupId))),
          // The invited user accepts; the admin accepts a request.
          and(eq(oldStatus, 'invited'), eq(newStatus, 'member'), eq($uid, me)),
          and(eq(oldStatus, 'requested'), eq(newStatus, 'member'), adminOf($groupId)),
          // Leaving, declining, or the admin removing someone.
          and(deleting, or(eq($uid, me), adminOf($groupId))),
        ),
      ),
      ...exactFields({
        status: { '.validate': oneOf('invited', 'requested', 'member') },
        username: {
          '.validate': and(x`newData.isString()`, eq(newValue, val(at('users', $uid, 'username')))),
        },
        at: { '.validate': serverTime },
      }),
    },
  },
};

export const userGroups: RuleNode = {
  $uid: {
    '.read': and(signedIn, isUser($uid)),
    $groupId: {
      // Written only alongside the matching membership, whose rule decides who may.
      '.write': and(
        verifiedUser,
        or(isUser($uid), adminOf($groupId)),
        eq(val(next('groupMembership', $groupId, $uid, 'status')), newValue),
      ),
      '.validate': oneOf('invited', 'requested', 'member'),
    },
  },
};
