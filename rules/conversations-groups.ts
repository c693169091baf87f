/** `groupMessages/{groupId}/{msgId}`: a group's conversation, for its admin and members only. */
import { and, or, x, type RuleNode } from './builder';
import {
  $groupId,
  $uid,
  creating,
  eq,
  hasChildren,
  me,
  newValue,
  noBlockBetween,
  profileName,
  signedIn,
  uidField,
  variable,
} from './conditions';
import { messageActions } from './conversations-actions';
import { imageMessageFields } from './conversations-images';
import { fileMessageFields } from './conversations-files';
import { inGroupOf } from './groups-access';
import { messageCreatedAt, newMessageBy } from './conversations-direct';

/** The admin or a current member (rules/groups-access.ts). */
const inGroup = inGroupOf($groupId, me);

/** The message actions of a group's conversation (rules/conversations-actions.ts). */
const actions = messageActions({
  tree: 'groupMessages',
  conversationId: $groupId,
  senderField: 'senderId',
  envelope: ['senderId', 'senderName'],
  access: inGroup,
  // Nobody reacts across a block, whoever blocked whom.
  reactAlso: (sender) => [noBlockBetween(me, sender)],
});

export const groupMessages: RuleNode = {
  $groupId: {
    '.read': and(signedIn, inGroup),
    // `editedAt` and `deletedAt`: other devices' search indexes catch up with changes by them.
    '.indexOn': ['createdAt', 'editedAt', 'deletedAt'],
    $msgId: {
      // A post by a member as themself, or the sender's delete for everyone. Edits and
      // reactions are granted on their own fields (rules/conversations-actions.ts).
      '.write': or(and(newMessageBy('senderId'), inGroup), actions.deleteForEveryone),
      '.validate': or(
        and(creating, hasChildren(['message', 'senderId', 'senderName', 'createdAt'])),
        actions.storedShape,
      ),
      ...actions.fields,
      senderId: uidField,
      // The sender's current name at send, so nobody posts under another's name; a stored
      // message keeps the name it was sent with.
      senderName: {
        '.validate': or(
          actions.messageStored,
          and(x`newData.isString()`, eq(newValue, profileName(me))),
        ),
      },
      createdAt: messageCreatedAt(actions.messageStored),
      // Mentioned people: the group's admin or current members, never the sender.
      mentions: actions.mentions(inGroupOf($groupId, $uid)),
      // Image messages, as in a one-to-one chat (rules/conversations-images.ts).
      ...imageMessageFields('groupImages', $groupId, variable('msgId')),
      ...fileMessageFields('groupMessages', $groupId, variable('msgId')),
      $other: { '.validate': false },
    },
  },
};
