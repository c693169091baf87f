/** `groupMessages/{groupId}/{msgId}`: a group's conversation, for its admin and members only. */
import { and, type RuleNode } from './builder';
import {
  $groupId,
  exactFields,
  me,
  profileNameField,
  signedIn,
  uidField,
  variable,
} from './conditions';
import { imageMessageFields } from './conversations-images';
import { inGroupOf } from './groups-access';
import { messageCreatedAt, messageText, newMessageBy } from './conversations-direct';

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
        senderName: profileNameField(me),
        createdAt: messageCreatedAt,
      }),
      // Image messages, as in a one-to-one chat (rules/conversations-images.ts).
      ...imageMessageFields('groupImages', $groupId, variable('msgId')),
    },
  },
};
