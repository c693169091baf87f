/**
 * Sender keys of end-to-end encryption (docs/security/e2ee.md, "Keys in a conversation"): each
 * person sends under their own epoch key and wraps it for every device of every party, their own
 * included. `conversationKeys/{conversationId}/{uid}/{epochId}/{deviceId}` (a friendship's) and
 * `groupKeys/{groupId}/{uid}/{epochId}/{deviceId}` (a group's) hold one wrap each, read by `uid`
 * alone. (The sending epoch is each device's own record, src/lib/crypto/sending-log.ts.)
 *
 * They live on the conversation's instance (docs/scaling.md), so these rules read only what is
 * there: the friendship or the group (mirrored), the wraps and the waits. Not `deviceKeys`, which
 * stays on the directory: that a device id names a published device is the reader's check
 * (docs/rules.md, "Wraps and the devices they name").
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
import { mayServe } from './encryption-key-waits';
import { inGroupOf } from './groups-access';
import {
  creating,
  eq,
  exactFields,
  friend,
  $groupId,
  inFriendship,
  isUser,
  me,
  newField,
  newValue,
  $conversationId,
  signedInAs,
  stringOf,
  $uid,
  variable,
  verifiedUser,
} from './conditions';

const pushId = (name: string) => x`${variable(name)}.matches(/^[A-Za-z0-9_-]{20}$/)`;
/** A device id as devices make them (encryption-devices.ts), here a wildcard or a value. */
const deviceIdShape = (id: Expr) => x`${id}.matches(/^[A-Za-z0-9_-]{20}$/)`;
const envelope = and(
  stringOf({ max: 160 }),
  x`newData.val().matches(/^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]+$/)`,
);

/**
 * One wrap for device `$deviceId` of `$uid`, written by a party (`by` is the writer; `from` is one
 * of the writer's published devices). A wrap is written once; only its recipient replaces it
 * (another of their devices re-wrapping an old key for an approved device) or deletes it. A wrap
 * of an epoch owed to a party who had no device (encryption-key-waits.ts) comes from its sender or
 * from a party holding that epoch, until the wait is served.
 */
const wraps = (
  party: (uid: Expr) => Expr,
  writerIsParty: Expr,
  late: { waits: string; keys: string; id: Expr },
): RuleNode => ({
  $uid: {
    '.read': signedInAs($uid),
    $epochId: {
      '.validate': pushId('epochId'),
      $deviceId: {
        '.write': and(
          verifiedUser,
          writerIsParty,
          or(creating, isUser($uid)),
          or(isUser($uid), mayServe(late.waits, late.keys, late.id, newField('from'))),
        ),
        ...exactFields(
          {
            key: { '.validate': envelope },
            by: { '.validate': eq(newValue, me) },
            from: { '.validate': and(stringOf({ min: 20, max: 20 }), deviceIdShape(newValue)) },
          },
          and(party($uid), deviceIdShape(variable('deviceId'))),
        ),
      },
    },
  },
});

const friendshipParty = (uid: Expr) =>
  or(eq(friend('senderId'), uid), eq(friend('receiverId'), uid));

export const conversationKeys: RuleNode = {
  $conversationId: wraps(friendshipParty, inFriendship, {
    waits: 'conversationKeyWaits',
    keys: 'conversationKeys',
    id: $conversationId,
  }),
};

export const groupKeys: RuleNode = {
  $groupId: wraps((uid) => inGroupOf($groupId, uid), inGroupOf($groupId, me), {
    waits: 'groupKeyWaits',
    keys: 'groupKeys',
    id: $groupId,
  }),
};
