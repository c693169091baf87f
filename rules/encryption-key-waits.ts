/**
 * Epoch keys owed to a party who had no published device when the epoch was made
 * (docs/security/e2ee.md, "A party without a device"): the sender notes each such party under
 * `conversationKeyWaits/{conversationId}/{uid}/{epochId}` (a friendship's) or
 * `groupKeyWaits/{groupId}/{uid}/{epochId}` (a group's), `{ of: sender }`. The waiting party sets
 * `asked` once they have a device; a device that holds the epoch (the sender's, or a party's that
 * was given it) wraps it for their devices and sets `served` in the same update. Every party reads
 * the waits of their conversation, so any of them can serve; a wait is never deleted: the reader
 * accepts a wrap by someone other than the sender only when the sender's wait names that epoch.
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
import { inGroupOf } from './groups-access';
import {
  $groupId,
  after,
  $conversationId,
  $uid,
  at,
  creating,
  eq,
  exists,
  friend,
  inFriendship,
  me,
  missing,
  newValue,
  serverTime,
  signedIn,
  val,
  variable,
  verifiedAs,
  verifiedUser,
} from './conditions';

const $epochId = variable('epochId');

/** The wait of `$uid` for `$epochId` in conversation `id` of `tree`, as stored. */
const waitOf = (tree: string, id: Expr) => at(tree, id, $uid, $epochId);

/**
 * A wrap for `$uid` of `$epochId` by me, from my device `from`, may be written: no wait names
 * it (an ordinary wrap), or one does, is not served yet, and I am its sender or hold the epoch
 * myself (a wrap of it for my device `from`): nobody who was never given the key plants one.
 */
export const mayServe = (waits: string, keys: string, id: Expr, from: Expr) =>
  or(
    missing(waitOf(waits, id)),
    and(
      missing(at(waits, id, $uid, $epochId, 'served')),
      or(
        eq(val(at(waits, id, $uid, $epochId, 'of')), me),
        exists(at(keys, id, me, $epochId, from)),
      ),
    ),
  );

const waits = (
  waitsTree: string,
  keysTree: string,
  id: Expr,
  party: (uid: Expr) => Expr,
  writerIsParty: Expr,
): RuleNode => ({
  '.read': and(signedIn, writerIsParty),
  $uid: {
    $epochId: {
      // Made by the sender with the epoch, for another party, once.
      '.write': and(verifiedUser, writerIsParty, creating, party($uid), x`${$uid} != auth.uid`),
      '.validate': and(
        x`${$epochId}.matches(/^[A-Za-z0-9_-]{20}$/)`,
        x`newData.hasChildren(['of'])`,
      ),
      of: { '.validate': eq(newValue, me) },
      asked: { '.write': verifiedAs($uid), '.validate': serverTime },
      served: {
        '.write': and(
          verifiedUser,
          writerIsParty,
          party($uid),
          missing(at(waitsTree, id, $uid, $epochId, 'served')),
          or(
            eq(val(at(waitsTree, id, $uid, $epochId, 'of')), me),
            exists(at(keysTree, id, me, $epochId)),
          ),
        ),
        // With a wrap of the epoch for `$uid` in the same update: `served` alone would end the
        // wait (no wrap may follow it) with nothing delivered, a member locking another out.
        '.validate': and(
          eq(newValue, x`true`),
          exists(waitOf(waitsTree, id)),
          exists(after(5)(keysTree, id, $uid, $epochId)),
        ),
      },
      $other: { '.validate': false },
    },
  },
});

const friendshipParty = (uid: Expr) =>
  or(eq(friend('senderId'), uid), eq(friend('receiverId'), uid));

export const conversationKeyWaits: RuleNode = {
  $conversationId: waits(
    'conversationKeyWaits',
    'conversationKeys',
    $conversationId,
    friendshipParty,
    inFriendship,
  ),
};

export const groupKeyWaits: RuleNode = {
  $groupId: waits(
    'groupKeyWaits',
    'groupKeys',
    $groupId,
    (uid) => inGroupOf($groupId, uid),
    inGroupOf($groupId, me),
  ),
};
