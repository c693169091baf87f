/**
 * `groupInbox/{uid}/{groupId}`: my view of one group's conversation (unread count and
 * last-message summary), apart from the friendships' `inbox/{uid}/{relId}` so a relationship id
 * and a group id never name the same entry whatever their values (issue 24). Written in the same
 * root update as each group message; the entry's checks are the 1:1 inbox's (rules/inbox.ts).
 */
import { and, or, type RuleNode } from './builder';
import {
  accountExists,
  exists,
  isUser,
  me,
  newData,
  noBlockBetween,
  signedIn,
  variable,
  verifiedUser,
} from './conditions';
import { inGroupOf } from './groups-access';
import { describesNewMessageIn, inboxEntry } from './inbox';

const $uid = variable('uid');
const $groupId = variable('groupId');

/**
 * The signed-in user and `$uid` are both in group `$groupId` (its admin or members), and no block
 * stands between them: a person I blocked (or who blocked me) never moves my counts.
 */
const groupPeers = and(
  inGroupOf($groupId, me),
  inGroupOf($groupId, $uid),
  noBlockBetween($uid, me),
);

export const groupInbox: RuleNode = {
  $uid: {
    // Nobody reads another person's counts or previews.
    '.read': and(signedIn, isUser($uid)),
    $groupId: {
      // The owner, or a fellow group member writing a new message's summary (never deleting it),
      // never into an account that is gone (its roster entry may outlive it).
      '.write': and(
        verifiedUser,
        or(isUser($uid), and(exists(newData), accountExists($uid), groupPeers)),
      ),
      // A group message goes to every member: the write rule checked the owner is one.
      ...inboxEntry(describesNewMessageIn('groupMessages', $groupId, 'senderId')),
    },
  },
};
