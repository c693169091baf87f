/** Friendships and blocks: what a friend request becomes, under the same `$relId`. */
import { and, or, type RuleNode } from './builder';
import {
  $relId,
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

/** The database after the write, from `friendList/$relId` or `block/$relId`. */
const next = after(2);
const friendships = partyRecords();
const blocks = partyRecords('blockid', 'blockbyid');

const request = (key: string) => val(at('friendRequest', $relId, key));
const blocked = (key: string) => val(at('block', $relId, key));

export const friendList: RuleNode = {
  ...friendships.list,
  $relId: {
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
              missing(next('friendRequest', $relId)),
              eq(newField('senderId'), request('senderId')),
              eq(newField('receiverId'), me),
              eq(newField('senderName'), request('senderName')),
              eq(newField('receiverName'), request('receiverName')),
              or(
                eq(newField('photo'), request('photo')),
                missing(at('friendRequest', $relId, 'photo')),
              ),
            ),
            and(
              // Unblocking: the blocker restores the friendship the block replaced.
              eq(blocked('blockbyid'), me),
              missing(next('block', $relId)),
              eq(newField('senderId'), me),
              eq(newField('receiverId'), blocked('blockid')),
              eq(newField('senderName'), blocked('blockbyName')),
              eq(newField('receiverName'), blocked('blockName')),
            ),
          ),
        ),
        // Removed only when a block takes its place in the same write.
        and(deleting, partyOf(oldField), exists(next('block', $relId))),
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
  $relId: {
    ...blocks.one,
    '.write': and(
      verifiedUser,
      or(
        and(
          // Blocking replaces the friendship; either friend may, with the names as they were.
          creating,
          eq(newField('blockbyid'), me),
          missing(next('friendList', $relId)),
          asEitherFriend((my, their) => [
            eq(newField('blockbyName'), my('Name')),
            eq(newField('blockid'), their('Id')),
            eq(newField('blockName'), their('Name')),
          ]),
        ),
        // Only the blocker unblocks, restoring the friendship in the same write.
        and(deleting, eq(oldField('blockbyid'), me), exists(next('friendList', $relId))),
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
