/**
 * Friend requests and the pair index. A relationship keeps one id (`$conversationId`) from request to
 * friendship to block, and each step is a single multi-path update: the rule of each half checks
 * that the other half lands in the same write (`after(…)`).
 */
import { and, concat, or, x, type RuleNode } from './builder';
import {
  $conversationId,
  after,
  at,
  creating,
  data,
  deleting,
  eq,
  exists,
  exactFields,
  me,
  missing,
  ne,
  newField,
  newValue,
  oldField,
  pairKey,
  partyOf,
  partyRecords,
  profileNameField,
  senderPhotoField,
  sibling,
  stringOf,
  uidField,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { settingOf } from './settings';

const $pairKey = variable('pairKey');
const requests = partyRecords();
/** The database after the write, from `friendRequest/$conversationId` (and its siblings). */
const next = after(2);

const newPair = pairKey(newField('senderId'), newField('receiverId'));
const oldPair = pairKey(oldField('senderId'), oldField('receiverId'));

export const friendRequest: RuleNode = {
  // Rules are not filters: a list read must itself ask for the reader's own requests.
  ...requests.list,
  $conversationId: {
    ...requests.one,
    '.write': and(
      verifiedUser,
      or(
        and(
          // A fresh id: never a friendship, block or chat already under it.
          creating,
          missing(at('friendList', $conversationId)),
          missing(at('block', $conversationId)),
          missing(at('sendMessage', $conversationId)),
          eq(newField('senderId'), me),
          ne(newField('receiverId'), me),
          exists(at('users', newField('receiverId'))),
          // Unless the receiver takes requests from nobody (settings, rules/settings.ts).
          ne(settingOf(newField('receiverId'), 'friendRequests'), 'nobody'),
          // One open request per pair of people, whoever sent it; the pair index lands with it.
          missing(at('pairs', newPair)),
          eq(val(next('pairs', newPair)), $conversationId),
        ),
        and(
          deleting,
          or(
            // Accepting: the receiver moves it into friendList in the same write.
            and(eq(oldField('receiverId'), me), exists(next('friendList', $conversationId))),
            // Cancelling or declining: either party, and the pair index goes with it.
            and(partyOf(oldField), ne(val(next('pairs', oldPair)), $conversationId)),
          ),
        ),
      ),
    ),
    ...exactFields({
      senderId: uidField,
      // Names are copied from the profiles, so a request cannot claim a name nobody has.
      senderName: profileNameField(sibling('senderId')),
      receiverId: uidField,
      receiverName: profileNameField(sibling('receiverId')),
      photo: senderPhotoField,
    }),
  },
};

/** The request this pair entry points at, after the write. */
const pairedRequest = (key: string) => val(next('friendRequest', newValue, key));

export const pairs: RuleNode = {
  $pairKey: {
    '.write': and(
      verifiedUser,
      or(
        and(
          // Written with the sender's new request, under the key of its two people.
          creating,
          eq(pairedRequest('senderId'), me),
          missing(at('friendRequest', newValue)),
          eq($pairKey, pairKey(me, pairedRequest('receiverId'))),
        ),
        and(
          // Removed by one of its two people once the relationship it indexed is gone.
          deleting,
          or(x`$pairKey.beginsWith(${concat(me, '_')})`, x`$pairKey.endsWith(${concat('_', me)})`),
          missing(next('friendRequest', val(data))),
          missing(next('friendList', val(data))),
          missing(next('block', val(data))),
        ),
      ),
    ),
    '.validate': stringOf({ min: 1, max: 64 }),
  },
};
