/** `status/{uid}`: online/offline, readable by every signed-in user, written by its owner. */
import { and, or, x, type RuleNode } from './builder';
import { $uid, exactFields, isUser, oneOf, signedIn, verifiedAs } from './conditions';
import { switchedOn } from './settings';

export const status: RuleNode = {
  $uid: {
    // Others see it only while the owner shows presence (settings/{uid}/showPresence, on if absent).
    '.read': and(signedIn, or(isUser($uid), switchedOn($uid, 'showPresence'))),
    // Set only by its verified owner; deleted only by its owner, with the account (an
    // unverified one too, whose deletion removes every record of theirs in one update).
    '.write': or(
      and(verifiedAs($uid), x`newData.exists()`),
      and(isUser($uid), x`!newData.exists()`),
    ),
    ...exactFields(
      {
        state: { '.validate': oneOf('online', 'offline') },
        lastChanged: { '.validate': x`newData.isNumber()` },
      },
      // Server time, so a client cannot claim to have been online later than it was.
      x`newData.child('lastChanged').val() == now`,
    ),
  },
};
