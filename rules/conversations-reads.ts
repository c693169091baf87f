/**
 * `reads/{conversationId}/{uid}` (how far I have read) and `typing/{conversationId}/{uid}` (I am typing): small
 * signals between the two parties of a current friendship, so never between blocked people (a
 * block removes `friendList/{conversationId}`). A group's read markers ('Seen by N') have their own tree,
 * `groupReads/{groupId}/{uid}`, so a relationship id and a group id never name the same markers
 * whatever their values.
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
import {
  $groupId,
  $conversationId,
  $uid,
  at,
  exactFields,
  exists,
  inFriendship,
  me,
  missing,
  newData,
  newValue,
  serverTime,
  signedIn,
  stringOf,
  verifiedAs,
} from './conditions';
import { inGroupOf } from './groups-access';
import { switchedOn } from './settings';

/** Read receipts are on unless the person switched them off (absent means on). */
const receiptsOn = switchedOn($uid, 'readReceipts');
/** Off hides both ways: with my receipts off I read nobody's marker either (not only the app). */
const myReceiptsOn = switchedOn(me, 'readReceipts');

/**
 * A marker of `$uid` in the conversation whose readers are `readers` (signed-in user) and whose
 * messages live under `messages/{conversationId}`.
 */
const markers = (conversationId: Expr, readers: Expr, messages: string): RuleNode => ({
  '.read': and(signedIn, readers, myReceiptsOn),
  $uid: {
    // Removing my own marker is always allowed (e.g. after switching receipts off).
    '.write': and(verifiedAs($uid), or(missing(newData), and(readers, receiptsOn))),
    ...exactFields({
      at: { '.validate': serverTime },
      messageId: {
        '.validate': and(
          stringOf({ min: 1, max: 128 }),
          x`!newData.val().contains('/')`,
          exists(at(messages, conversationId, newValue)),
        ),
      },
    }),
  },
});

/** A friendship's markers: only its two friends, only its own messages. */
export const reads: RuleNode = {
  $conversationId: markers($conversationId, inFriendship, 'sendMessage'),
};

/** A group's markers: only its admin and current members, only its own messages. */
export const groupReads: RuleNode = {
  $groupId: markers($groupId, inGroupOf($groupId, me), 'groupMessages'),
};

export const typing: RuleNode = {
  $conversationId: {
    '.read': and(signedIn, inFriendship),
    $uid: {
      // Removal (on send, on leaving, by onDisconnect) stays possible after a block.
      '.write': and(verifiedAs($uid), or(missing(newData), inFriendship)),
      '.validate': serverTime,
    },
  },
};
