/** `status/{uid}`: online/offline, readable by every signed-in user, written by its owner. */
import { and, or, x, type RuleNode } from './builder';
import { $uid, exactFields, isUser, oneOf, signedIn, verifiedAs } from './conditions';
import { switchedOn } from './settings';

export const status: RuleNode = {
  $uid: {
    // Others see it only while the owner shows presence (settings/{uid}/showPresence, on if absent).
    '.read': and(signedIn, or(isUser($uid), switchedOn($uid, 'showPresence'))),
    // Never deleted, only set offline (by onDisconnect), so the chat header always has a state.
    '.write': and(verifiedAs($uid), x`newData.exists()`),
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
