/**
 * `reads/{relId}/{uid}` (how far I have read) and `typing/{relId}/{uid}` (I am typing): small
 * signals between the two parties of a current friendship, so never between blocked people (a
 * block removes `friendList/{relId}`).
 */
import { and, or, x, type RuleNode } from './builder';
import {
  at,
  exactFields,
  exists,
  isUser,
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

const $uid = variable('uid');
const $relId = variable('relId');

const friend = (key: string) => val(at('friendList', $relId, key));
const friendsNow = partyOf(friend);

/** Read receipts are on unless the person switched them off (absent means on). */
const receiptsOn = x`${val(at('settings', $uid, 'readReceipts'))} != false`;

export const reads: RuleNode = {
  $relId: {
    '.read': and(signedIn, friendsNow),
    $uid: {
      // Removing my own marker is always allowed (e.g. after switching receipts off).
      '.write': and(verifiedUser, isUser($uid), or(missing(newData), and(friendsNow, receiptsOn))),
      ...exactFields({
        at: { '.validate': serverTime },
        messageId: {
          '.validate': and(
            stringOf({ min: 1, max: 128 }),
            x`!newData.val().contains('/')`,
            exists(at('sendMessage', $relId, newValue)),
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
