/**
 * Drafts sealed for my own devices only (docs/security/e2ee.md, "Drafts"): HKDF turns the
 * account's backup key, which every approved device holds and the recovery key opens, into a
 * drafts key the server never sees. A sealed draft has the form of every sealed field,
 * `s1.{keyId}.{envelope}`, where `keyId` (20 characters, also from HKDF) names the drafts key as an
 * epoch id names a message's key: a draft sealed under a backup key this account no longer has is
 * told apart from one that was tampered with. The additional data binds a draft to its account
 * and conversation, so a draft moved to another conversation does not open.
 */
import type { ConversationKey } from '../conversation-key';
import { toBase64Url, utf8 } from './crypto-bytes';
import { CryptoError } from './crypto-errors';
import { openText, sealText } from './sealed-box';
import { NotOpened, parseSealed, SEALED_V1_PREFIX } from './sealed-value';

export interface DraftsKey {
  /** Names this key in a sealed draft: 20 base64url characters. */
  id: string;
  key: CryptoKey;
}

const SALT = 'chatty/drafts/v1';

/** The drafts key of `uid` from the backup key's bytes. */
export async function draftsKeyFrom(
  backupRaw: Uint8Array<ArrayBuffer>,
  uid: string,
): Promise<DraftsKey> {
  const base = await crypto.subtle.importKey('raw', backupRaw, 'HKDF', false, [
    'deriveKey',
    'deriveBits',
  ]);
  const hkdf = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: utf8(SALT),
    info: utf8(`${info}|${uid}`),
  });
  const [key, idBits] = await Promise.all([
    crypto.subtle.deriveKey(hkdf('key'), base, { name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]),
    // 15 bytes: exactly 20 base64url characters, the length of an epoch id.
    crypto.subtle.deriveBits(hkdf('id'), base, 120),
  ]);
  return { id: toBase64Url(idBits), key };
}

const draftContext = (uid: string, conversation: ConversationKey, field: 'text') =>
  `chatty/draft|${uid}|${conversation}|${field}`;

export async function sealDraft(
  drafts: DraftsKey,
  uid: string,
  conversation: ConversationKey,
  text: string,
): Promise<string> {
  const envelope = await sealText(drafts.key, text, draftContext(uid, conversation, 'text'));
  return `${SEALED_V1_PREFIX}${drafts.id}.${envelope}`;
}

/**
 * A sealed draft's text. Throws NotOpened('no-key') when this device has no drafts key yet or
 * the draft names another one, NotOpened('failed') when it does not verify.
 */
export async function openDraft(
  drafts: DraftsKey | null,
  uid: string,
  conversation: ConversationKey,
  value: string,
): Promise<string> {
  const parsed = parseSealed(value);
  if (!parsed) throw new NotOpened('failed');
  if (!drafts || parsed.epoch !== drafts.id) throw new NotOpened('no-key');
  try {
    return await openText(drafts.key, parsed.envelope, draftContext(uid, conversation, 'text'));
  } catch (error) {
    if (error instanceof CryptoError) throw new NotOpened('failed');
    throw error;
  }
}
