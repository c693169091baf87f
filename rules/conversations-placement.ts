/**
 * Where conversations live (docs/scaling.md, "Past one database"): the instances an admin
 * configures (`config`), each person's home instance (`homes`) and each conversation's instance
 * (`placement`). All three sit on the directory; a client never guesses an instance, it reads
 * these. Absent records mean the default instance (data older than the directory, before
 * migration 006): at one instance that is every conversation.
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
import {
  $conversationId,
  $groupId,
  $uid,
  after,
  at,
  creating,
  eq,
  exactFields,
  exists,
  me,
  missing,
  newValue,
  signedIn,
  signedInAs,
  val,
  verifiedUser,
} from './conditions';

/** An instance number: a whole number from 0, as `config/instances` counts them. */
const instanceNumber = and(x`newData.isNumber()`, x`newData.val() >= 0`, x`newData.val() % 1 == 0`);

/**
 * `uid`'s home is `instance` (a number as written): the stored home, or the default instance
 * for someone registered before homes existed.
 */
const homeOf = (uid: Expr, instance: Expr) =>
  or(eq(val(at('homes', uid)), instance), and(missing(at('homes', uid)), eq(instance, x`0`)));

export const config: RuleNode = {
  // Written by an admin only (the root's `.write: false`). Where the instances are and which
  // take new people is no secret (the URLs are in every client's bundle anyway), and a client
  // keeps following it across sign-outs.
  instances: { '.read': true },
  // On a conversation instance: which instance it is, for its own rules.
  self: { '.read': signedIn },
};

export const homes: RuleNode = {
  $uid: {
    '.read': signedIn,
    // Written once, with the profile at registration (before the e-mail is verified); only an
    // admin's move changes it later.
    '.write': and(signedInAs($uid), creating, exists(x`newData`)),
    // One of the instances an admin marks as having room; with no configuration yet, the default.
    '.validate': and(
      instanceNumber,
      or(
        eq(val(at('config', 'instances', 'open', newValue)), x`true`),
        and(missing(at('config', 'instances')), eq(newValue, x`0`)),
      ),
    ),
  },
};

/** `placement/{kind}/{id}` as written: `{ instance, state: 'live' }`, the instance being `home`'s. */
const livePlacement = (creator: Expr): RuleNode =>
  exactFields({
    instance: { '.validate': and(instanceNumber, homeOf(creator, newValue)) },
    state: { '.validate': eq(newValue, 'live') },
  });

/** The database after the write, from `placement/{kind}/{id}`. */
const next = after(3);
const request = (key: string) => val(at('friendRequest', $conversationId, key));

export const placement: RuleNode = {
  direct: {
    $conversationId: {
      '.read': signedIn,
      // Written once, by the receiver in the accept's update (the request becomes the
      // friendship beside it), on the request's sender's home. Blocks and unblocks keep the id,
      // so they keep the placement.
      '.write': and(
        verifiedUser,
        creating,
        eq(request('receiverId'), me),
        exists(next('friendList', $conversationId)),
        missing(next('friendRequest', $conversationId)),
      ),
      ...livePlacement(request('senderId')),
    },
  },
  group: {
    $groupId: {
      '.read': signedIn,
      // Written once, with the group's creation, on its admin's home.
      '.write': and(
        verifiedUser,
        creating,
        missing(at('Mygroup', $groupId)),
        eq(val(next('Mygroup', $groupId, 'adminId')), me),
      ),
      ...livePlacement(me),
    },
  },
};
