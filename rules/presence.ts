/** `status/{uid}`: online/offline, readable by every signed-in user, written by its owner. */
import { and, or, x, type RuleNode } from './builder';
import {
  at,
  exactFields,
  isUser,
  ne,
  oneOf,
  signedIn,
  val,
  variable,
  verifiedUser,
} from './conditions';

const $uid = variable('uid');

export const status: RuleNode = {
  $uid: {
    // Others see it only while the owner shows presence (settings/{uid}/showPresence, on if absent).
    '.read': and(
      signedIn,
      or(isUser($uid), ne(val(at('settings', $uid, 'showPresence')), x`false`)),
    ),
    // Never deleted, only set offline (by onDisconnect), so the chat header always has a state.
    '.write': and(verifiedUser, isUser($uid), x`newData.exists()`),
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
