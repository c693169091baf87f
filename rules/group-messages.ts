/** `groupMessages/{groupId}/{msgId}`: a group's conversation, for its admin and members only. */
import { and, or, x, type RuleNode } from './builder';
import {
  adminOf,
  at,
  creating,
  eq,
  exactFields,
  me,
  newField,
  newValue,
  serverTime,
  signedIn,
  stringOf,
  uidField,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { isMember } from './groups';

const $groupId = variable('groupId');
/**
 * The admin or a current member. Invited and requesting people, former members and strangers
 * are neither; leaving or removal deletes the membership entry, and with it access.
 */
const inGroup = or(adminOf($groupId), isMember);

export const groupMessages: RuleNode = {
  $groupId: {
    '.read': and(signedIn, inGroup),
    '.indexOn': ['createdAt'],
    $msgId: {
      // Messages are never edited or deleted; each person writes only as themself.
      '.write': and(verifiedUser, creating, eq(newField('senderId'), me), inGroup),
      ...exactFields({
        message: { '.validate': stringOf({ min: 1, max: 4000 }) },
        senderId: uidField,
        // The sender's current name, so nobody posts under another's name.
        senderName: {
          '.validate': and(x`newData.isString()`, eq(newValue, val(at('users', me, 'username')))),
        },
        createdAt: { '.validate': serverTime },
      }),
    },
  },
};
