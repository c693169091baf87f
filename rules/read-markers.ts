/**
 * `reads/{conversationId}/{uid}` (how far I have read) and `typing/{relId}/{uid}` (I am typing):
 * small signals between the two parties of a current friendship, so never between blocked people
 * (a block removes `friendList/{relId}`). Read markers also serve group conversations, between
 * the group's admin and members ('Seen by N').
 */
import { and, or, x, type RuleNode } from './builder';
import {
  at,
  exactFields,
  exists,
  isUser,
  me,
  missing,
  newData,
  newValue,
  partyOf,
  serverTime,
  signedIn,
  stringOf,
  val,
  variable,
  verifiedUser,
} from './conditions';
import { inGroupOf } from './group-access';

const $uid = variable('uid');
const $relId = variable('relId');

const friend = (key: string) => val(at('friendList', $relId, key));
const friendsNow = partyOf(friend);
/** The conversation's readers: the two friends, or the group's admin and members. */
const readersNow = or(friendsNow, inGroupOf($relId, me));

/** Read receipts are on unless the person switched them off (absent means on). */
const receiptsOn = x`${val(at('settings', $uid, 'readReceipts'))} != false`;

export const reads: RuleNode = {
  $relId: {
    '.read': and(signedIn, readersNow),
    $uid: {
      // Removing my own marker is always allowed (e.g. after switching receipts off).
      '.write': and(verifiedUser, isUser($uid), or(missing(newData), and(readersNow, receiptsOn))),
      ...exactFields({
        at: { '.validate': serverTime },
        messageId: {
          '.validate': and(
            stringOf({ min: 1, max: 128 }),
            x`!newData.val().contains('/')`,
            or(
              exists(at('sendMessage', $relId, newValue)),
              exists(at('groupMessages', $relId, newValue)),
            ),
          ),
        },
      }),
    },
  },
};

export const typing: RuleNode = {
  $relId: {
    '.read': and(signedIn, friendsNow),
    $uid: {
      // Removal (on send, on leaving, by onDisconnect) stays possible after a block.
      '.write': and(verifiedUser, isUser($uid), or(missing(newData), friendsNow)),
      '.validate': serverTime,
    },
  },
};
