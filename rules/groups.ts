/** Groups (`Mygroup`), their members (`groupMembership`) and each user's index (`userGroups`). */
import { and, not, or, x, type Expr, type RuleNode } from './builder';
import {
  accountExists,
  adminOf,
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

/** The database after the write, from `Mygroup/$groupId`. */
const groupAfter = after(2);
/** `uid` is a member of `$groupId` before the write. */
const isMemberNow = (uid: Expr) =>
  eq(val(at('groupMembership', $groupId, uid, 'status')), 'member');
/** `uid`'s roster entry is gone after the write. */
const leavesRoster = (uid: Expr) => missing(groupAfter('groupMembership', $groupId, uid));
const keeps = (key: string) => eq(newField(key), oldField(key));
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
        and(
          exists(data),
          exists(newData),
          eq(oldField('adminId'), me),
          ne(newField('adminId'), me),
          isMemberNow(newField('adminId')),
          accountExists(newField('adminId')),
          leavesRoster(newField('adminId')),
          keeps('groupName'),
          keeps('groupTag'),
        ),
        // Fallback for an account deleted outside the app: a member takes over a group whose
        // admin's profile is gone, leaving the roster in the same update.
        and(
          exists(data),
          exists(newData),
          eq(newField('adminId'), me),
          missing(at('users', oldField('adminId'))),
          isMemberNow(me),
          leavesRoster(me),
          keeps('groupName'),
          keeps('groupTag'),
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
      adminId: { '.validate': stringOf({ min: 1, max: 128 }) },
      // Kept as it was by the same admin, or the (new) admin's current name from the profile.
      adminName: {
        '.validate': and(
          x`newData.isString()`,
          or(
            and(
              eq(newValue, x`data.val()`),
              eq(
                x`newData.parent().child('adminId').val()`,
                x`data.parent().child('adminId').val()`,
              ),
            ),
            eq(newValue, val(at('users', x`newData.parent().child('adminId').val()`, 'username'))),
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
/** The signed-in user is a member of `$groupId` (invited or requesting people are not). */
export const isMember = eq(val(at('groupMembership', $groupId, me, 'status')), 'member');
const pairRelId = val(at('pairs', pairKey($uid, me)));
/**
 * `$uid` and the admin are friends: a friendship exists under their pair's relationship id, and
 * no block does (a person I blocked never invites me, even from inconsistent older data).
 */
const friendOfAdmin = and(exists(at('friendList', pairRelId)), missing(at('block', pairRelId)));
const adminId = val(at('Mygroup', $groupId, 'adminId'));

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
