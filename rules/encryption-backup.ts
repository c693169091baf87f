/**
 * A person's own key backup (docs/security/e2ee.md), read and written by them alone:
 * `keyBackup/{uid}`, the backup key sealed by the recovery key with every epoch key and the
 * account's device-signing key sealed by it, the identity (master) key sealed by the recovery key,
 * and the backup key wrapped for each approved device. It
 * holds ciphertext only: the rules check its shape so a bug or a devtools write cannot leave a
 * record the app would misread. (The security codes I saw are pinned on my device, not here.)
 */
import { and, or, x, type Expr, type RuleNode } from './builder';
import {
  at,
  creating,
  eq,
  exactFields,
  exists,
  newValue,
  serverTime,
  signedInAs,
  stringOf,
  $uid,
  variable,
  verifiedAs,
} from './conditions';

/** An AES-GCM envelope of a 32-byte key: `v1.{16-char iv}.{64-char ciphertext+tag}`. */
const keyEnvelope = and(
  stringOf({ max: 100 }),
  x`newData.val().matches(/^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{64}$/)`,
);
/** A P-256 key's 96 secret bytes sealed: 112 bytes with the tag. */
const masterEnvelope = and(
  stringOf({ max: 200 }),
  x`newData.val().matches(/^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{150}$/)`,
);
const twentyChars = (name: string) => x`${variable(name)}.matches(/^[A-Za-z0-9_-]{20}$/)`;
/** One of the owner's published devices. */
const myDevice = (id: Expr) =>
  and(stringOf({ min: 20, max: 20 }), exists(at('deviceKeys', $uid, id)));

export const keyBackup: RuleNode = {
  $uid: {
    '.read': signedInAs($uid),
    '.write': verifiedAs($uid),
    '.validate': x`newData.hasChildren(['sealed', 'createdAt'])`,
    // The backup key for the recovery key: sealed to its recovery pair with an ephemeral P-256
    // key (`r1.{87-char public key}.{envelope}`), or, in a backup from before pairs, by its HKDF key.
    sealed: {
      '.validate': or(
        keyEnvelope,
        and(
          stringOf({ max: 200 }),
          x`newData.val().matches(/^r1[.]B[A-Za-z0-9_-]{86}[.]v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{64}$/)`,
        ),
      ),
    },
    // The recovery pair: its public half (65 bytes) sealed by the backup key, its secret (96
    // bytes) by the recovery key's HKDF key (src/lib/crypto/recovery-seal.ts).
    recovery: exactFields({
      public: {
        '.validate': x`newData.isString() && newData.val().matches(/^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{108}$/)`,
      },
      secret: {
        '.validate': x`newData.isString() && newData.val().matches(/^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{150}$/)`,
      },
    }),
    createdAt: { '.validate': or(and(creating, serverTime), eq(newValue, x`data.val()`)) },
    // When the person confirmed they saved the recovery key; cleared when a new one replaces it.
    savedAt: { '.validate': serverTime },
    devices: {
      '.validate': x`newData.hasChildren()`,
      $deviceId: {
        ...exactFields(
          {
            key: { '.validate': keyEnvelope },
            // The wrapping device: this one (after a recovery) or another of the owner's.
            from: { '.validate': myDevice(newValue) },
          },
          and(twentyChars('deviceId'), exists(at('deviceKeys', $uid, variable('deviceId')))),
        ),
      },
    },
    // The identity key's 96 secret bytes (d, x, y) sealed by the backup key: 112 bytes with the tag.
    identity: { '.validate': masterEnvelope },
    // The same bytes sealed by the recovery key alone (src/lib/crypto/key-ring-master.ts).
    master: { '.validate': masterEnvelope },
    // The device-signing key: its secret, version, the master's certificate and the master's
    // public key (229 bytes) sealed by the backup key (src/lib/crypto/signing-key.ts).
    signing: {
      '.validate': and(
        stringOf({ max: 400 }),
        x`newData.val().matches(/^v1[.][A-Za-z0-9_-]{16}[.][A-Za-z0-9_-]{327}$/)`,
      ),
    },
    keys: {
      '.validate': x`newData.hasChildren()`,
      $conversation: {
        '.validate': and(
          x`$conversation.matches(/^[dg]:[A-Za-z0-9_-]{1,128}$/)`,
          x`newData.hasChildren()`,
        ),
        $epochId: { '.validate': and(twentyChars('epochId'), keyEnvelope) },
      },
    },
    $other: { '.validate': false },
  },
};
