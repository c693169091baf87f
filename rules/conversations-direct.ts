/** `sendMessage/{conversationId}/{msgId}`: the 1:1 chat of a friendship, readable and written by its two friends. */
import { and, or, x, type Expr, type RuleNode } from './builder';
import {
  $conversationId,
  accountExists,
  asEitherFriend,
  creating,
  eitherSide,
  eq,
  hasChildren,
  inFriendship,
  me,
  newField,
  newValue,
  serverTime,
  sibling,
  signedIn,
  uidField,
  variable,
  verifiedUser,
} from './conditions';
import { messageActions } from './conversations-actions';
import { imageMessageFields } from './conversations-images';
import { fileMessageFields } from './conversations-files';
import { comesWithInboxEntry } from './inbox';

/** A message's time: the server's, never the client's; a stored message keeps it (`storedShape`). */
export const messageCreatedAt = (messageStored: Expr): RuleNode => ({
  '.validate': or(messageStored, serverTime),
});
/** A new message (never an edit or a deletion) written by the signed-in user as themself. */
export const newMessageBy = (senderField: string) =>
  and(verifiedUser, creating, eq(newField(senderField), me));

/** The message actions of a friendship's conversation (rules/conversations-actions.ts). */
const actions = messageActions({
  tree: 'sendMessage',
  conversationId: $conversationId,
  senderField: 'messagesenderId',
  envelope: ['messagesenderId', 'massagesenderName', 'messagereceiverId', 'messagereceiverName'],
  access: inFriendship,
  // A block removes the friendship, and with it the right to react.
  reactAlso: () => [],
});

/**
 * The name the friendship stores for the user whose id is in the message's `idField`, at send;
 * a stored message keeps its names (`storedShape`), whatever became of the friendship.
 */
const nameOfMessageUser = (idField: string): RuleNode => ({
  '.validate': or(
    actions.messageStored,
    and(
      x`newData.isString()`,
      eitherSide((side) => [eq(side('Id'), sibling(idField)), eq(newValue, side('Name'))]),
    ),
  ),
});

const sentFields = [
  'message',
  'messagesenderId',
  'massagesenderName',
  'messagereceiverId',
  'messagereceiverName',
  'createdAt',
];

export const sendMessage: RuleNode = {
  $conversationId: {
    // Only while they are friends: a block removes the friendship and with it the chat's readers.
    '.read': and(signedIn, inFriendship),
    // `editedAt` and `deletedAt`: other devices' search indexes catch up with changes by them.
    '.indexOn': ['createdAt', 'editedAt', 'deletedAt'],
    $msgId: {
      // A send by the sender as themself, to the other friend; or the sender's delete for
      // everyone. Edits and reactions are granted on their own fields (conversations-actions.ts).
      '.write': or(
        and(
          newMessageBy('messagesenderId'),
          asEitherFriend((_my, their) => [eq(newField('messagereceiverId'), their('Id'))]),
          // A deleted account (its profile gone) receives nothing; its chat stays readable.
          accountExists(newField('messagereceiverId')),
        ),
        actions.deleteForEveryone,
      ),
      // `massagesenderName` is the spec's field name, typo included. A new message: every field,
      // and the receiver's inbox entry names it in the same update, so no message skips their
      // unread count. A stored one: only what the actions may change.
      '.validate': or(
        and(creating, hasChildren(sentFields), comesWithInboxEntry),
        actions.storedShape,
      ),
      ...actions.fields,
      messagesenderId: uidField,
      massagesenderName: nameOfMessageUser('messagesenderId'),
      messagereceiverId: uidField,
      messagereceiverName: nameOfMessageUser('messagereceiverId'),
      createdAt: messageCreatedAt(actions.messageStored),
      // Image messages (rules/conversations-images.ts): optional fields beside the spec's.
      ...imageMessageFields('chatImages', $conversationId, variable('msgId')),
      ...fileMessageFields('sendMessage', $conversationId, variable('msgId')),
      $other: { '.validate': false },
    },
  },
};
