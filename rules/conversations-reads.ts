/**
 * `reads/{relId}/{uid}` (how far I have read) and `typing/{relId}/{uid}` (I am typing): small
 * signals between the two parties of a current friendship, so never between blocked people (a
 * block removes `friendList/{relId}`). A group's read markers ('Seen by N') have their own tree,
 * `groupReads/{groupId}/{uid}`, so a relationship id and a group id never name the same markers
 * whatever their values (issue 24).
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
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
import { inGroupOf } from './groups-access';

const $uid = variable('uid');
const $relId = variable('relId');

const friend = (key: string) => val(at('friendList', $relId, key));
const friendsNow = partyOf(friend);

/** Read receipts are on unless the person switched them off (absent means on). */
const receiptsOn = x`${val(at('settings', $uid, 'readReceipts'))} != false`;

/**
 * A marker of `$uid` in the conversation whose readers are `readers` (signed-in user) and whose
 * messages live under `messages/{conversationId}`.
 */
const markers = (conversationId: Expr, readers: Expr, messages: string): RuleNode => ({
  '.read': and(signedIn, readers),
  $uid: {
    // Removing my own marker is always allowed (e.g. after switching receipts off).
    '.write': and(verifiedUser, isUser($uid), or(missing(newData), and(readers, receiptsOn))),
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
export const reads: RuleNode = { $relId: markers($relId, friendsNow, 'sendMessage') };

const $groupId = variable('groupId');
/** A group's markers: only its admin and current members, only its own messages. */
export const groupReads: RuleNode = {
  $groupId: markers($groupId, inGroupOf($groupId, me), 'groupMessages'),
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
