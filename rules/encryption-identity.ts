/**
 * A person's identity key (docs/security/e2ee.md, "One identity per person"):
 * `identityKeys/{uid}` holds the public half of the account's ECDSA P-256 identity key, which
 * signs each of the account's devices (`deviceKeys/{uid}/{deviceId}/signature`). Read by whoever
 * may read the devices (the owner, a friend, a co-member through a key grant); written by the
 * owner only. The owner may replace it (an account reset): every friend's app then says the
 * security code changed, since each pins the key it saw first. These rules stop other users;
 * against the database's operator, who bypasses them, the pins are what holds.
 */
import { and, or, type RuleNode } from './builder';
import { coMemberThroughGrant, friends, publicKeyText } from './encryption-devices';
import { $uid, exactFields, me, serverTime, signedIn, signedInAs, verifiedAs } from './conditions';

export const identityKeys: RuleNode = {
  $uid: {
    '.read': and(signedIn, or(signedInAs($uid), friends($uid, me), coMemberThroughGrant($uid))),
    '.write': verifiedAs($uid),
    ...exactFields({
      publicKey: { '.validate': publicKeyText },
      createdAt: { '.validate': serverTime },
    }),
  },
};
