/**
 * `hints/{uid}/{key}` on a person's home (docs/scaling.md, "The hint protocol"): "conversation
 * `key` (`d:{id}`, `g:{id}`) or the directory has news", nothing more. Any signed-in person may
 * write one (the home cannot see friendships), so a hint carries no count, preview or instance:
 * the owner's client reads those from the conversation's own instance, where the rules prove
 * them. A forged hint therefore costs its owner one look, never a wrong badge.
 */
import { and, or, x, type RuleNode } from './builder';
import {
  $uid,
  exactFields,
  exists,
  missing,
  newData,
  serverTime,
  signedIn,
  signedInAs,
  variable,
} from './conditions';

const $key = variable('key');

/** A conversation key of the client (src/lib/conversation-key.ts), or the directory's. */
const hintKey = or(x`${$key}.matches(/^[dg]:[A-Za-z0-9_-]{1,128}$/)`, x`${$key} == 'directory'`);

/**
 * At most one write a second per key: a hint replaces the previous one, so a flood grows
 * nothing, and this keeps it from costing the owner more than one look a second.
 */
const notWithinASecond = x`!data.exists() || now > data.child('at').val() + 1000`;

export const hints: RuleNode = {
  $uid: {
    // The owner follows their hints and deletes each one consumed.
    '.read': signedInAs($uid),
    $key: {
      '.write': or(and(signedIn, exists(newData)), and(signedInAs($uid), missing(newData))),
      ...exactFields({ at: { '.validate': serverTime } }, and(hintKey, notWithinASecond)),
    },
  },
};
