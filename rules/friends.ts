/** Friendships and blocks: what a friend request becomes, under the same `$conversationId`. */
import { and, or, type RuleNode } from './builder';
import {
  $conversationId,
  after,
  asEitherFriend,
  at,
  creating,
  deleting,
  eq,
  exactFields,
  exists,
  me,
  missing,
  nameField,
  newData,
  newField,
  oldField,
  partyOf,
  partyRecords,
  senderPhotoField,
  uidField,
  val,
  verifiedUser,
} from './conditions';

/** The database after the write, from `friendList/$conversationId` or `block/$conversationId`. */
const next = after(2);
const friendships = partyRecords();
const blocks = partyRecords('blockid', 'blockbyid');

const request = (key: string) => val(at('friendRequest', $conversationId, key));
const blocked = (key: string) => val(at('block', $conversationId, key));

export const friendList: RuleNode = {
  ...friendships.list,
  $conversationId: {
    ...friendships.one,
    '.write': and(
      verifiedUser,
      or(
        and(
          creating,
          exists(newData),
          or(
            and(
              // Accepting: the receiver turns the request into a friendship, copying it as it was.
              eq(request('receiverId'), me),
              missing(next('friendRequest', $conversationId)),
              eq(newField('senderId'), request('senderId')),
              eq(newField('receiverId'), me),
              eq(newField('senderName'), request('senderName')),
              eq(newField('receiverName'), request('receiverName')),
              or(
                eq(newField('photo'), request('photo')),
                missing(at('friendRequest', $conversationId, 'photo')),
              ),
            ),
            and(
              // Unblocking: the blocker restores the friendship the block replaced.
              eq(blocked('blockbyid'), me),
              missing(next('block', $conversationId)),
              eq(newField('senderId'), me),
              eq(newField('receiverId'), blocked('blockid')),
              eq(newField('senderName'), blocked('blockbyName')),
              eq(newField('receiverName'), blocked('blockName')),
            ),
          ),
        ),
        // Removed only when a block takes its place in the same write.
        and(deleting, partyOf(oldField), exists(next('block', $conversationId))),
      ),
    ),
    ...exactFields({
      senderId: uidField,
      senderName: nameField,
      receiverId: uidField,
      receiverName: nameField,
      photo: senderPhotoField,
    }),
  },
};

export const block: RuleNode = {
  ...blocks.list,
  $conversationId: {
    ...blocks.one,
    '.write': and(
      verifiedUser,
      or(
        and(
          // Blocking replaces the friendship; either friend may, with the names as they were.
          creating,
          eq(newField('blockbyid'), me),
          missing(next('friendList', $conversationId)),
          asEitherFriend((my, their) => [
            eq(newField('blockbyName'), my('Name')),
            eq(newField('blockid'), their('Id')),
            eq(newField('blockName'), their('Name')),
          ]),
        ),
        // Only the blocker unblocks, restoring the friendship in the same write.
        and(deleting, eq(oldField('blockbyid'), me), exists(next('friendList', $conversationId))),
      ),
    ),
    ...exactFields({
      blockid: uidField,
      blockName: nameField,
      blockbyid: uidField,
      blockbyName: nameField,
    }),
  },
};
