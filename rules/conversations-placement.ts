/**
 * Where conversations live (docs/scaling.md, "Past one database"): the instances an admin
 * configures (`config`), each person's home instance (`homes`) and each conversation's instance
 * (`placement`). All three sit on the directory; a client never guesses an instance, it reads
 * these. Absent records mean the default instance (data older than the directory, before
 * migration 007): at one instance that is every conversation.
 */
import { and, Expr, or, x, type RuleNode } from './builder';
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

/**
 * The conversation `id` of `kind` is placed on this instance and takes writes: on the default
 * instance (no `config/self`, the directory) its placement is absent (data older than
 * placements) or names instance 0; on any other, the mirrored placement must name `config/self`
 * (a conversation whose mirror has not landed yet is refused there, and the client retries).
 * `live` only: a conversation being moved takes no write anywhere.
 */
const placedHere = (kind: 'direct' | 'group', id: Expr) => {
  const placed = (key: string) => val(at('placement', kind, id, key));
  const self = at('config', 'self');
  const live = eq(placed('state'), 'live');
  return or(
    and(
      missing(self),
      or(missing(at('placement', kind, id)), and(eq(placed('instance'), x`0`), live)),
    ),
    and(exists(self), eq(placed('instance'), val(self)), live),
  );
};

/**
 * The conversation's messages are read on the instance its placement names, `moving` too (the
 * source keeps them whole until the flip): once moved, a listener left on the old instance is
 * refused, so the client re-reads the placement and listens on the new one.
 */
const readHere = (kind: 'direct' | 'group', id: Expr) => {
  const placed = at('placement', kind, id);
  const self = at('config', 'self');
  return or(
    and(missing(self), or(missing(placed), eq(val(at('placement', kind, id, 'instance')), x`0`))),
    and(exists(self), eq(val(at('placement', kind, id, 'instance')), val(self))),
  );
};

/** The message trees, whose reads also need `readHere`. */
const READ_PLACED: readonly { path: readonly string[]; kind: 'direct' | 'group' }[] = [
  { path: ['sendMessage', '$conversationId'], kind: 'direct' },
  { path: ['groupMessages', '$groupId'], kind: 'group' },
];

/** The trees of a conversation's records, by kind, and the wildcards down to its id. */
const PLACED: readonly { path: readonly string[]; kind: 'direct' | 'group' }[] = [
  { path: ['sendMessage', '$conversationId'], kind: 'direct' },
  { path: ['inbox', '$uid', '$conversationId'], kind: 'direct' },
  { path: ['reads', '$conversationId'], kind: 'direct' },
  { path: ['typing', '$conversationId'], kind: 'direct' },
  { path: ['chatImages', '$conversationId'], kind: 'direct' },
  { path: ['chatFiles', '$conversationId'], kind: 'direct' },
  { path: ['hiddenMessages', '$uid', '$conversationId'], kind: 'direct' },
  // Its epoch keys' wraps and waits: a sealed send checks the wraps on its own instance.
  { path: ['conversationKeys', '$conversationId'], kind: 'direct' },
  { path: ['conversationKeyWaits', '$conversationId'], kind: 'direct' },
  { path: ['groupMessages', '$groupId'], kind: 'group' },
  { path: ['groupInbox', '$uid', '$groupId'], kind: 'group' },
  { path: ['groupReads', '$groupId'], kind: 'group' },
  { path: ['groupImages', '$groupId'], kind: 'group' },
  { path: ['groupFiles', '$groupId'], kind: 'group' },
  { path: ['groupHiddenMessages', '$uid', '$groupId'], kind: 'group' },
  { path: ['groupKeys', '$groupId'], kind: 'group' },
  { path: ['groupKeyWaits', '$groupId'], kind: 'group' },
];

/**
 * `uid`'s records are written on their home (docs/scaling.md, "Instances and what lives
 * where"): on the directory (no `config/self`) when their home is absent (registered before
 * homes) or 0; on another instance when its mirror of `homes/{uid}` (written by the mirror
 * process, functions/src/mirror.ts) names `config/self`. So a write arriving before the mirror
 * is refused, and the client waits for it and tries again (src/lib/firebase/records-at-home.ts).
 */
const onTheirHome = (uid: Expr) => {
  const home = at('homes', uid);
  const self = at('config', 'self');
  return or(
    and(missing(self), or(missing(home), eq(val(home), x`0`))),
    and(exists(self), eq(val(home), val(self))),
  );
};

/** Each person's own records, kept on their home: presence, prefs, drafts, devices' last use. */
const AT_HOME: readonly (readonly string[])[] = [
  ['status', '$uid'],
  ['inboxPrefs', '$uid'],
  ['drafts', '$uid'],
  ['deviceSeen', '$uid'],
];

/**
 * The whole tree with every conversation record's node also validating `placedHere`: a write
 * (never a delete, which `.validate` does not see) of data that belongs on another instance is
 * refused, whichever rule allowed it; the message trees also reading only `readHere`; and each
 * person's own records (`AT_HOME`) validating `onTheirHome`. One ruleset serves every instance;
 * `config/self` tells them apart.
 */
export function placedOnTheirInstance(tree: RuleNode): RuleNode {
  const withCheck = (
    node: RuleNode,
    path: readonly string[],
    check: Expr,
    rule: '.validate' | '.read' = '.validate',
  ): RuleNode => {
    if (path.length === 0) {
      const own = node[rule];
      const both =
        own === undefined || own === true ? check : own === false ? false : and(own, check);
      return { ...node, [rule]: both };
    }
    const [head = '', ...rest] = path;
    const child = node[head];
    if (typeof child !== 'object' || child instanceof Expr || Array.isArray(child)) {
      throw new Error(`The rules tree has no ${path.join('/')} to place`);
    }
    return { ...node, [head]: withCheck(child as RuleNode, rest, check, rule) };
  };
  const idOf = (path: readonly string[]) => new Expr(path[path.length - 1] ?? '');
  const validated = PLACED.reduce(
    (out, { path, kind }) => withCheck(out, path, placedHere(kind, idOf(path))),
    tree,
  );
  const read = READ_PLACED.reduce(
    (out, { path, kind }) => withCheck(out, path, readHere(kind, idOf(path)), '.read'),
    validated,
  );
  return AT_HOME.reduce((out, path) => withCheck(out, path, onTheirHome($uid)), read);
}
