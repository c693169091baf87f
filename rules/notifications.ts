/**
 * `notifications/{uid}/{id}`: what happened to `uid`. An entry is created only by the person
 * who acted, in the same root update as the action, and only when that update really is the
 * action it names (docs/data-model.md, Notifications). The recipient reads, marks read, deletes.
 */
import { and, concat, or, x, type Expr, type RuleNode } from './builder';
import {
  $uid,
  accountExists,
  after,
  at,
  creating,
  data,
  deleting,
  eq,
  exists,
  hasChildren,
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
  profileNameField,
  serverTime,
  sibling,
  signedInAs,
  stringOf,
  uidField,
  unchanged,
  val,
  variable,
  verifiedAs,
  verifiedUser,
} from './conditions';
import { adminIdOf, inGroupOf } from './groups-access';

/** Kept in step with src/lib/firebase/notifications/record.ts (the rules source test compares). */
const STORED_KINDS = [
  'friendRequest',
  'friendAccepted',
  'groupInvite',
  'joinRequest',
  'joinApproved',
  'groupRemoved',
  'mention',
];
/** New messages are derived from `inbox/{uid}` on the client; they are only a preference kind. */
export const NOTIFICATION_KINDS = [...STORED_KINDS, 'message'];

/** The database after the write, from `notifications/$uid/$id`. */
const next = after(3);
const ref = newField('ref');
const messageId = newField('messageId');

const isKind = (kind: string) => eq(newField('kind'), kind);
const membershipNow = (uid: Expr, ...key: string[]) => at('groupMembership', ref, uid, ...key);
const membershipAfter = (uid: Expr, ...key: string[]) => next('groupMembership', ref, uid, ...key);

/** Each kind: the action that must be in the same write, with me as its actor. */
const matchesItsAction = or(
  // I send a friend request to $uid.
  and(
    isKind('friendRequest'),
    missing(at('friendRequest', ref)),
    eq(val(next('friendRequest', ref, 'senderId')), me),
    eq(val(next('friendRequest', ref, 'receiverId')), $uid),
  ),
  // I accept $uid's request: the request becomes the friendship in this write.
  and(
    isKind('friendAccepted'),
    eq(val(at('friendRequest', ref, 'senderId')), $uid),
    eq(val(at('friendRequest', ref, 'receiverId')), me),
    missing(next('friendRequest', ref)),
    eq(val(next('friendList', ref, 'senderId')), $uid),
  ),
  // I, the admin, invite $uid to my group.
  and(
    isKind('groupInvite'),
    eq(adminIdOf(ref), me),
    missing(membershipNow($uid)),
    eq(val(membershipAfter($uid, 'status')), 'invited'),
  ),
  // I ask to join the group $uid runs.
  and(
    isKind('joinRequest'),
    eq(adminIdOf(ref), $uid),
    missing(membershipNow(me)),
    eq(val(membershipAfter(me, 'status')), 'requested'),
  ),
  // I, the admin, admit $uid who asked to join.
  and(
    isKind('joinApproved'),
    eq(adminIdOf(ref), me),
    eq(val(membershipNow($uid, 'status')), 'requested'),
    eq(val(membershipAfter($uid, 'status')), 'member'),
  ),
  // I, the admin, remove $uid from my group.
  and(
    isKind('groupRemoved'),
    eq(adminIdOf(ref), me),
    exists(membershipNow($uid)),
    missing(membershipAfter($uid)),
  ),
  // My new message in the group mentions $uid, who runs it or belongs to it.
  and(
    isKind('mention'),
    x`!${messageId}.contains('/')`,
    missing(at('groupMessages', ref, messageId)),
    eq(val(next('groupMessages', ref, messageId, 'senderId')), me),
    eq(val(next('groupMessages', ref, messageId, 'mentions', $uid)), x`true`),
    inGroupOf(ref, $uid),
  ),
);

/**
 * One action, one entry per recipient: the id is the action's own key, `{kind}_{ref}_{actorId}`
 * (notificationId in src/lib/firebase/notifications/record.ts), so an update holds at most one
 * entry per action and recipient, however many paths it names. Doing the same action again
 * (asking to join again after a decline) replaces the older entry, unread again.
 */
const idOfItsAction = eq(variable('id'), concat(newField('kind'), '_', ref, '_', me));

/** Group kinds carry the group's name as it is; the others carry none. */
const subjectMatches = or(
  and(or(isKind('friendRequest'), isKind('friendAccepted')), x`!newData.child('subject').exists()`),
  eq(newField('subject'), val(at('Mygroup', ref, 'groupName'))),
);

export const notifications: RuleNode = {
  $uid: {
    '.read': signedInAs($uid),
    // `at` orders the newest page (ids are the actions' keys, not push ids).
    '.indexOn': ['read', 'at'],
    // The recipient may clear the whole feed (account deletion).
    '.write': and(verifiedAs($uid), missing(newData)),
    // Only ever entries under it, never a bare value.
    '.validate': x`newData.hasChildren()`,
    $id: {
      '.write': and(
        verifiedUser,
        or(
          and(
            exists(newData),
            ne($uid, me),
            eq(newField('actorId'), me),
            idOfItsAction,
            or(creating, eq(oldField('actorId'), me)),
            eq(newField('read'), x`false`),
            // Nobody writes into a deleted account's feed, nor across a block either way.
            accountExists($uid),
            noBlockBetween(me, $uid),
            matchesItsAction,
          ),
          and(deleting, isUser($uid)),
        ),
      ),
      '.validate': and(
        hasChildren(['kind', 'actorId', 'actorName', 'ref', 'at', 'read']),
        // Checked when written by the actor; marking read keeps `at`, and must still work once
        // the group was renamed or closed.
        or(and(exists(data), unchanged('at')), subjectMatches),
      ),
      kind: { '.validate': oneOf(...STORED_KINDS) },
      actorId: uidField,
      actorName: profileNameField(sibling('actorId')),
      ref: { '.validate': stringOf({ min: 1, max: 128 }) },
      subject: { '.validate': stringOf({ min: 1, max: 100 }) },
      // `mention` only: the message that mentions the recipient.
      messageId: {
        '.validate': and(stringOf({ min: 1, max: 128 }), eq(sibling('kind'), 'mention')),
      },
      at: { '.validate': serverTime },
      read: {
        // Created unread; afterwards only the recipient marks it read, never unread again.
        '.write': and(verifiedAs($uid), exists(x`data.parent()`), eq(newValue, x`true`)),
        '.validate': x`newData.isBoolean() && (data.exists() || newData.val() == false)`,
      },
      $other: { '.validate': false },
    },
  },
};
