/**
 * The device key directory of end-to-end encryption (docs/security/e2ee.md):
 * `deviceKeys/{uid}/{deviceId}` holds one device's public key, written by its owner only and
 * never changed; friends read it, and so does a co-member of a group through a key grant,
 * `deviceKeyGrants/{uid}/{readerUid} = groupId`, which the read rule checks again at read time
 * so a grant outlives nothing: after a leave or a removal it opens no key.
 * `deviceSeen/{uid}/{deviceId}` holds what only the owner reads about a device: its browser's name
 * and when the app last started on it. In the directory it told friends and co-members when someone
 * last opened the app, even with `showPresence` off (docs/rules.md, "Adversarial review").
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
import { inGroupOf } from './groups-access';
import {
  $uid,
  after,
  at,
  creating,
  eq,
  exactFields,
  exists,
  me,
  missing,
  newData,
  newValue,
  pairKey,
  serverTime,
  signedIn,
  signedInAs,
  stringOf,
  val,
  variable,
  verifiedAs,
} from './conditions';

/** The field keeps what is stored (or is being created). */
const unchangedValue = eq(newValue, x`data.val()`);

const $deviceId = variable('deviceId');
const $readerUid = variable('readerUid');

/**
 * `a` and `b` are friends now: their pair names a friendship (a block replaces it). Each path is
 * checked to exist before its value builds another path: `'x/' + null` is an error, and an error
 * anywhere in a rule refuses the whole read.
 */
export const friends = (a: Expr, b: Expr) =>
  and(
    exists(at('pairs', pairKey(a, b))),
    exists(at('friendList', val(at('pairs', pairKey(a, b))))),
  );

/** The group a grant names, as stored: `uid`'s keys are readable by me through it. */
const grantedGroup = (uid: Expr) => val(at('deviceKeyGrants', uid, me));
export const coMemberThroughGrant = (uid: Expr) =>
  and(
    x`${at('deviceKeyGrants', uid, me)}.isString()`,
    inGroupOf(grantedGroup(uid), uid),
    inGroupOf(grantedGroup(uid), me),
  );

/** An uncompressed P-256 point in unpadded base64url: 65 bytes, 87 characters, starting 0x04. */
export const publicKeyText = and(
  stringOf({ min: 87, max: 87 }),
  x`newData.val().matches(/^B[A-Za-z0-9_-]+$/)`,
);

const deviceIdText = x`${$deviceId}.matches(/^[A-Za-z0-9_-]{20}$/)`;

export const deviceKeys: RuleNode = {
  $uid: {
    '.read': and(signedIn, or(signedInAs($uid), friends($uid, me), coMemberThroughGrant($uid))),
    $deviceId: {
      '.write': verifiedAs($uid),
      ...exactFields(
        {
          publicKey: { '.validate': and(publicKeyText, or(creating, unchangedValue)) },
          createdAt: { '.validate': or(and(creating, serverTime), unchangedValue) },
        },
        deviceIdText,
      ),
      // Optional: my identity key's signature of this device (ECDSA P-256, 64 bytes), which is
      // what approving it means; checked by every reader against the identity key they pinned,
      // so the rules only bound its shape and keep it the owner's (encryption-identity.ts).
      signature: {
        '.validate': and(
          stringOf({ min: 86, max: 86 }),
          x`newData.val().matches(/^[A-Za-z0-9_-]+$/)`,
        ),
      },
      // Optional: which of my devices approved this one (itself: the first device, or a recovery
      // key). Only a hint for the prompts: old keys reach a device through real wraps alone.
      approvedBy: {
        '.validate': and(
          stringOf({ min: 20, max: 20 }),
          or(eq(newValue, $deviceId), exists(at('deviceKeys', $uid, newValue))),
        ),
      },
    },
  },
};

export const deviceKeyGrants: RuleNode = {
  $uid: {
    $readerUid: {
      '.read': or(signedInAs($uid), signedInAs($readerUid)),
      // The reader asks for the grant; either side may take it back.
      '.write': or(verifiedAs($readerUid), and(verifiedAs($uid), missing(newData))),
      '.validate': and(
        stringOf({ min: 1, max: 128 }),
        x`${$uid} != ${$readerUid}`,
        inGroupOf(newValue, $uid),
        inGroupOf(newValue, $readerUid),
      ),
    },
  },
};

export const deviceSeen: RuleNode = {
  $uid: {
    '.read': signedInAs($uid),
    $deviceId: {
      '.write': verifiedAs($uid),
      ...exactFields(
        {
          label: { '.validate': stringOf({ min: 1, max: 60 }) },
          lastSeenAt: { '.validate': serverTime },
        },
        // One of the owner's published devices, or one published in the same update, where the
        // devices are (the directory). On a home elsewhere (`config/self`) `deviceKeys` is not
        // there to check: the owner may name any device id (docs/rules.md, "Adversarial review").
        and(
          deviceIdText,
          or(exists(after(3)('deviceKeys', $uid, $deviceId)), exists(at('config', 'self'))),
        ),
      ),
    },
  },
};
