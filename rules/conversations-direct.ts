/** `sendMessage/{relId}/{msgId}`: the 1:1 chat of a friendship, readable and written by its two friends. */
import { and, or, x, type Expr, type RuleNode } from './builder';
import {
  at,
  creating,
  eq,
  exactFields,
  exists,
  me,
  newField,
  newValue,
  partyOf,
  serverTime,
  signedIn,
  stringOf,
  uidField,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { imageMessageFields } from './conversations-images';
import { comesWithInboxEntry } from './inbox';

const $relId = variable('relId');

/** A message's text, in a one-to-one or a group conversation. */
export const messageText: RuleNode = { '.validate': stringOf({ min: 1, max: 4000 }) };
/** A message's time: the server's, never the client's. */
export const messageCreatedAt: RuleNode = { '.validate': serverTime };
/** A new message (never an edit or a deletion) written by the signed-in user as themself. */
export const newMessageBy = (senderField: string) =>
  and(verifiedUser, creating, eq(newField(senderField), me));
/** A field of the friendship this chat belongs to. */
const friend = (key: string) => val(at('friendList', $relId, key));

/** The name the friendship stores for the user whose id is in the message's `idField`. */
const nameOfMessageUser = (idField: string): Expr => {
  const id = x`newData.parent().child(${idField}).val()`;
  return or(
    and(eq(friend('senderId'), id), eq(newValue, friend('senderName'))),
    and(eq(friend('receiverId'), id), eq(newValue, friend('receiverName'))),
  );
};

export const sendMessage: RuleNode = {
  $relId: {
    // Only while they are friends: a block removes the friendship and with it the chat's readers.
    '.read': and(signedIn, partyOf(friend)),
    '.indexOn': ['createdAt'],
    $msgId: {
      // Messages are never edited or deleted; the sender writes as themself, to the other friend.
      '.write': and(
        newMessageBy('messagesenderId'),
        or(
          and(eq(friend('senderId'), me), eq(newField('messagereceiverId'), friend('receiverId'))),
          and(eq(friend('receiverId'), me), eq(newField('messagereceiverId'), friend('senderId'))),
        ),
        // A deleted account (its profile gone) receives nothing; its chat stays readable.
        exists(at('users', x`newData.child('messagereceiverId').val()`)),
      ),
      // `massagesenderName` is the spec's field name, typo included. The receiver's inbox entry
      // names the message in the same update, so no message skips their unread count.
      ...exactFields(
        {
          message: messageText,
          messagesenderId: uidField,
          massagesenderName: {
            '.validate': and(x`newData.isString()`, nameOfMessageUser('messagesenderId')),
          },
          messagereceiverId: uidField,
          messagereceiverName: {
            '.validate': and(x`newData.isString()`, nameOfMessageUser('messagereceiverId')),
          },
          createdAt: messageCreatedAt,
        },
        comesWithInboxEntry,
      ),
      // Image messages (rules/conversations-images.ts): optional fields beside the spec's.
      ...imageMessageFields('chatImages', $relId, variable('msgId')),
    },
  },
};
