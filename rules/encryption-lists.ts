/**
 * A person's signed device list (docs/security/e2ee.md, "Removing a device"):
 * `deviceLists/{uid}` = `{version, ids, signature, signer?}`, the ids of the account's current
 * devices signed by its device-signing key (`signer`, certified by the identity key) or, before
 * those, by the identity key. Read by whoever may read the devices; written by the owner only,
 * each write a higher version than the stored one, so a signed-in user cannot put back an older
 * list. Against the database's operator, who bypasses this, every reader's pin of the highest
 * version it verified is what holds (src/lib/crypto/device-trust.ts).
 */
import { and, or, x, type RuleNode } from './builder';
import { coMemberThroughGrant, friends, publicKeyText } from './encryption-devices';
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

/** An ECDSA P-256 signature: 64 bytes, 86 base64url characters. */
const signatureText = and(
  stringOf({ min: 86, max: 86 }),
  x`newData.val().matches(/^[A-Za-z0-9_-]+$/)`,
);

export const deviceLists: RuleNode = {
  $uid: {
    '.read': and(signedIn, or(signedInAs($uid), friends($uid, me), coMemberThroughGrant($uid))),
    '.write': verifiedAs($uid),
    ...exactFields(
      {
        version: {
          '.validate': and(
            x`newData.isNumber()`,
            x`${newValue} % 1 == 0`,
            x`${newValue} >= 1`,
            or(creating, x`${newValue} > data.val()`),
          ),
        },
        ids: { '.validate': idsText },
        signature: { '.validate': signatureText },
      },
      // Once signed by a device-signing key, never again by the identity key itself (an old app).
      or(x`!data.child('signer').exists()`, x`newData.child('signer').exists()`),
    ),
    // The device-signing key that signed the list, with the master key's certificate of it
    // (src/lib/crypto/signing-key.ts); absent in a list the identity key signed itself. Its
    // version never goes down.
    signer: exactFields({
      version: {
        '.validate': and(
          x`newData.isNumber()`,
          x`${newValue} % 1 == 0`,
          x`${newValue} >= 1`,
          or(creating, x`${newValue} >= data.val()`),
        ),
      },
      publicKey: { '.validate': publicKeyText },
      signature: { '.validate': signatureText },
    }),
  },
};
