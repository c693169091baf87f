/** `sendMessage/{relId}/{msgId}`: the 1:1 chat of a friendship, readable and written by its two friends. */
import { and, x, type RuleNode } from './builder';
import {
  $relId,
  accountExists,
  asEitherFriend,
  creating,
  eitherSide,
  eq,
  exactFields,
  inFriendship,
  me,
  newField,
  newValue,
  serverTime,
  sibling,
  signedIn,
  stringOf,
  uidField,
  variable,
  verifiedUser,
} from './conditions';
import { imageMessageFields } from './conversations-images';
import { comesWithInboxEntry } from './inbox';

/** A message's text, in a one-to-one or a group conversation. */
export const messageText: RuleNode = { '.validate': stringOf({ min: 1, max: 4000 }) };
/** A message's time: the server's, never the client's. */
export const messageCreatedAt: RuleNode = { '.validate': serverTime };
/** A new message (never an edit or a deletion) written by the signed-in user as themself. */
export const newMessageBy = (senderField: string) =>
  and(verifiedUser, creating, eq(newField(senderField), me));

/** The name the friendship stores for the user whose id is in the message's `idField`. */
const nameOfMessageUser = (idField: string): RuleNode => ({
  '.validate': and(
    x`newData.isString()`,
    eitherSide((side) => [eq(side('Id'), sibling(idField)), eq(newValue, side('Name'))]),
  ),
});

export const sendMessage: RuleNode = {
  $relId: {
    // Only while they are friends: a block removes the friendship and with it the chat's readers.
    '.read': and(signedIn, inFriendship),
    '.indexOn': ['createdAt'],
    $msgId: {
      // Messages are never edited or deleted; the sender writes as themself, to the other friend.
      '.write': and(
        newMessageBy('messagesenderId'),
        asEitherFriend((_my, their) => [eq(newField('messagereceiverId'), their('Id'))]),
        // A deleted account (its profile gone) receives nothing; its chat stays readable.
        accountExists(newField('messagereceiverId')),
      ),
      // `massagesenderName` is the spec's field name, typo included. The receiver's inbox entry
      // names the message in the same update, so no message skips their unread count.
      ...exactFields(
        {
          message: messageText,
          messagesenderId: uidField,
          massagesenderName: nameOfMessageUser('messagesenderId'),
          messagereceiverId: uidField,
          messagereceiverName: nameOfMessageUser('messagereceiverId'),
          createdAt: messageCreatedAt,
        },
        comesWithInboxEntry,
      ),
      // Image messages (rules/conversations-images.ts): optional fields beside the spec's.
      ...imageMessageFields('chatImages', $relId, variable('msgId')),
    },
  },
};
