/** `groupMessages/{groupId}/{msgId}`: a group's conversation, for its admin and members only. */
import { and, x, type RuleNode } from './builder';
import { at, eq, exactFields, me, newValue, signedIn, uidField, val, variable } from './conditions';
import { imageMessageFields } from './conversations-images';
import { inGroupOf } from './groups-access';
import { messageCreatedAt, messageText, newMessageBy } from './conversations-direct';

const $groupId = variable('groupId');
/** The admin or a current member (rules/groups-access.ts). */
const inGroup = inGroupOf($groupId, me);

export const groupMessages: RuleNode = {
  $groupId: {
    '.read': and(signedIn, inGroup),
    '.indexOn': ['createdAt'],
    $msgId: {
      // Messages are never edited or deleted; each person writes only as themself.
      '.write': and(newMessageBy('senderId'), inGroup),
      ...exactFields({
        message: messageText,
        senderId: uidField,
        // The sender's current name, so nobody posts under another's name.
        senderName: {
          '.validate': and(x`newData.isString()`, eq(newValue, val(at('users', me, 'username')))),
        },
        createdAt: messageCreatedAt,
      }),
      // Image messages, as in a one-to-one chat (rules/conversations-images.ts).
      ...imageMessageFields('groupImages', $groupId, variable('msgId')),
    },
  },
};
