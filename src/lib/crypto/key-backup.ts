/**
 * The account's key backup (docs/security/e2ee.md, `keyBackup/{uid}`): a random backup key sealed
 * by the recovery key, each epoch key the account learns sealed by the backup key, and the backup
 * key wrapped for each approved device so it can add to the backup without the recovery key.
 * Every envelope's additional data names the account (and the epoch), so no entry can be moved to
 * another account, conversation or epoch without failing its tag.
 */
import type { ConversationKey } from '../conversation-key';
import { CryptoError } from './crypto-errors';
import { backupKeyFrom } from './recovery-key';
import type { RecoveryLock } from './recovery-seal';
import { createContentKey, importContentKey, openBytes, sealBytes } from './sealed-box';
import { isRecord } from '../is-record';

/** The backup as stored: every field optional, since a damaged record must not crash a device. */
export interface StoredBackup {
  /**
   * The backup key for the recovery key: sealed to its recovery pair (`r1.`, recovery-seal.ts),
   * or, in a backup from before those, by the recovery key's HKDF key (`v1.`).
   */
  sealed: string;
  /** The recovery pair (recovery-seal.ts); null in a backup from before it. */
  recovery: RecoveryLock | null;
  /** Set once the person confirmed they saved the recovery key. */
  savedAt: number | null;
  /** The backup key wrapped for each approved device: `from` is the wrapping device. */
  devices: Record<string, { key: string; from: string }>;
  /** Each epoch key, sealed by the backup key. */
  keys: Partial<Record<ConversationKey, Record<string, string>>>;
  /**
   * The account's identity (master) key sealed by the backup key (signing/key-ring-identity.ts): in an
   * account from before device-signing keys, or until the recovery key is saved; null otherwise.
   */
  identity: string | null;
  /** The device-signing key and its certificate, sealed by the backup key (signing-key.ts). */
  signing: string | null;
  /** The master key sealed by the recovery key alone (signing/key-ring-master.ts). */
  master: string | null;
}

const backupKeyContext = (uid: string) => `chatty/backup-key|${uid}`;
const backupEntryContext = (uid: string, conversation: ConversationKey, epoch: string) =>
  `chatty/backup|${uid}|${conversation}|${epoch}`;
/** The backup key's wrap for `to`, made by `from` (two devices of `uid`). */
export const backupWrapContext = (uid: string, from: string, to: string) =>
  `chatty/backup-wrap|${uid}|${from}|${to}`;

/** A fresh backup key, and its seal under the recovery key. */
export async function createBackupKey(uid: string, recoveryRaw: Uint8Array<ArrayBuffer>) {
  const { raw, key } = await createContentKey();
  return { raw, key, sealed: await sealBackupKey(uid, recoveryRaw, raw) };
}

async function sealBackupKey(
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  backupRaw: Uint8Array<ArrayBuffer>,
): Promise<string> {
  return sealBytes(await backupKeyFrom(recoveryRaw, uid), backupRaw, backupKeyContext(uid));
}

/**
 * The backup key's bytes from the recovery key; a CryptoError('unauthentic') when this recovery
 * key is not the one the backup was sealed with (a well-formed key of another account, or an old
 * one that was replaced).
 */
export async function openBackupKey(
  uid: string,
  recoveryRaw: Uint8Array<ArrayBuffer>,
  sealed: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const raw = await openBytes(await backupKeyFrom(recoveryRaw, uid), sealed, backupKeyContext(uid));
  if (raw.length !== 32) throw new CryptoError('malformed', 'A backup key is 32 bytes');
  return raw;
}

export const importBackupKey = importContentKey;

export const sealBackupEntry = (
  backupKey: CryptoKey,
  uid: string,
  conversation: ConversationKey,
  epoch: string,
  epochRaw: Uint8Array,
) => sealBytes(backupKey, epochRaw, backupEntryContext(uid, conversation, epoch));

export const openBackupEntry = (
  backupKey: CryptoKey,
  uid: string,
  conversation: ConversationKey,
  epoch: string,
  envelope: string,
) => openBytes(backupKey, envelope, backupEntryContext(uid, conversation, epoch));

const isText = (value: unknown): value is string => typeof value === 'string';
/** A stored backup as data, malformed parts left out; null when there is none (or no seal). */
export function parseBackup(value: unknown): StoredBackup | null {
  if (!isRecord(value) || !isText(value.sealed)) return null;
  const devices: StoredBackup['devices'] = {};
  for (const [id, wrap] of Object.entries(isRecord(value.devices) ? value.devices : {})) {
    if (isRecord(wrap) && isText(wrap.key) && isText(wrap.from)) {
      devices[id] = { key: wrap.key, from: wrap.from };
    }
  }
  const keys: StoredBackup['keys'] = {};
  for (const [conversation, epochs] of Object.entries(isRecord(value.keys) ? value.keys : {})) {
    if (!/^[dg]:/.test(conversation) || !isRecord(epochs)) continue;
    const entries = Object.entries(epochs).filter((entry): entry is [string, string] =>
      isText(entry[1]),
    );
    keys[conversation as ConversationKey] = Object.fromEntries(entries);
  }
  const savedAt = typeof value.savedAt === 'number' ? value.savedAt : null;
  const identity = isText(value.identity) ? value.identity : null;
  const signing = isText(value.signing) ? value.signing : null;
  const master = isText(value.master) ? value.master : null;
  const lock = isRecord(value.recovery) ? value.recovery : {};
  const recovery =
    isText(lock.public) && isText(lock.secret)
      ? { public: lock.public, secret: lock.secret }
      : null;
  return { sealed: value.sealed, recovery, savedAt, devices, keys, identity, signing, master };
}
