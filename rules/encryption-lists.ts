/**
 * A person's signed device list (docs/security/e2ee.md, "Removing a device"):
 * `deviceLists/{uid}` = `{version, ids, signature}`, the ids of the account's current devices
 * signed by its identity key. Read by whoever may read the devices; written by the owner only,
 * each write a higher version than the stored one, so a signed-in user cannot put back an older
 * list. Against the database's operator, who bypasses this, every reader's pin of the highest
 * version it verified is what holds (src/lib/crypto/device-trust.ts).
 */
import { and, or, x, type RuleNode } from './builder';
import { coMemberThroughGrant, friends } from './encryption-devices';
import {
  $uid,
  creating,
  exactFields,
  me,
  newValue,
  signedIn,
  signedInAs,
  stringOf,
  verifiedAs,
} from './conditions';

/** Up to 100 device ids of 20 base64url characters, comma-separated (none: the empty string). */
const idsText = and(
  stringOf({ max: 2099 }),
  x`newData.val().matches(/^([A-Za-z0-9_-]{20}(,[A-Za-z0-9_-]{20})*)?$/)`,
);

export const deviceLists: RuleNode = {
  $uid: {
    '.read': and(signedIn, or(signedInAs($uid), friends($uid, me), coMemberThroughGrant($uid))),
    '.write': verifiedAs($uid),
    ...exactFields({
      version: {
        '.validate': and(
          x`newData.isNumber()`,
          x`${newValue} % 1 == 0`,
          x`${newValue} >= 1`,
          or(creating, x`${newValue} > data.val()`),
        ),
      },
      ids: { '.validate': idsText },
      signature: {
        '.validate': and(
          stringOf({ min: 86, max: 86 }),
          x`newData.val().matches(/^[A-Za-z0-9_-]+$/)`,
        ),
      },
    }),
  },
};
