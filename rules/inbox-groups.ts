/**
 * `groupInbox/{uid}/{groupId}`: my view of one group's conversation (unread count and
 * last-message summary), apart from the friendships' `inbox/{uid}/{conversationId}` so a relationship id
 * and a group id never name the same entry whatever their values. Written in the same
 * root update as each group message; the entry's checks are the 1:1 inbox's (rules/inbox.ts).
 */
import { and, type RuleNode } from './builder';
import { $groupId, $uid, me, noBlockBetween } from './conditions';
import { inGroupOf } from './groups-access';
import { describesNewMessageIn, inboxOf } from './inbox';

/**
 * The signed-in user and `$uid` are both in group `$groupId` (its admin or members), and no block
 * stands between them: a person I blocked (or who blocked me) never moves my counts. The owner's
 * roster entry may outlive their account, which the entry's write rule checks.
 */
const groupPeers = and(
  inGroupOf($groupId, me),
  inGroupOf($groupId, $uid),
  noBlockBetween($uid, me),
);

/** A group message goes to every member: the write rule checked the owner is one. */
export const groupInbox: RuleNode = inboxOf(
  '$groupId',
  groupPeers,
  describesNewMessageIn('groupMessages', $groupId, 'senderId'),
  { tree: 'groupMessages', conversationId: $groupId, senderField: 'senderId' },
);
