/**
 * What a reader concludes from a message beyond whether its words opened (docs/security/e2ee.md,
 * "What the reader checks"): whether the server's times are the ones sealed with the words,
 * whether an older version than one already shown was put back, whether clear text sits where
 * only sealed text can come from its people, and whether a deletion carries its sender's proof.
 * Pure: the crypto (crypto.ts) opens, this judges. Nothing here imports Firebase.
 */
import type { ConversationKey } from '../../../conversation-key';
import type { ConversationMessage } from '../message';
import { DELETED_VERSION, type SeenLedger } from './seen-ledger';

/**
 * How far the server's time may be from the time sealed with the words (the sender's estimate of
 * the server's clock) before the message is marked re-dated: a little earlier (the estimate's
 * error), or later by as long as a write may wait in the SDK's queue on a bad connection.
 */
export const REDATED_EARLY_MS = 2 * 60 * 1000;
export const REDATED_LATE_MS = 10 * 60 * 1000;

export const timeFits = (sealedAt: number, serverAt: number) =>
  serverAt >= sealedAt - REDATED_EARLY_MS && serverAt <= sealedAt + REDATED_LATE_MS;

/**
 * A message whose v2 words opened, with the times sealed with them (a text: [sent]; an edit:
 * [edited, sent]), judged against the server's times and what this device has shown before; an
 * edit's version is noted, so putting an older one back is seen.
 */
export function judgeOpened(
  ledger: SeenLedger,
  conversation: ConversationKey,
  message: ConversationMessage,
  times: readonly number[] | undefined,
): Pick<ConversationMessage, 'alert' | 'sealedAt'> {
  const edited = message.editedAt !== undefined;
  let alert: ConversationMessage['alert'];
  let sealedAt: number | undefined;
  if (times) {
    const [first = 0, second = 0] = times;
    const sent = edited ? second : first;
    const fits =
      timeFits(sent, message.createdAt) && (!edited || timeFits(first, message.editedAt ?? 0));
    if (!fits) {
      alert = 'redated';
      sealedAt = sent;
    }
  }
  // v1 seals no time: its version is the server's (a rollback of both is not seen there).
  const version = times?.[0] ?? message.editedAt ?? message.createdAt;
  const seen = ledger.versionOf(conversation, message.id);
  if (seen !== undefined && seen > version) alert = 'rolled-back';
  else if (edited) ledger.noteVersion(conversation, message.id, version);
  return { ...(alert ? { alert } : {}), ...(sealedAt === undefined ? {} : { sealedAt }) };
}

/**
 * A message in clear text: from before its conversation was encrypted (shown 'Not encrypted', as
 * ever), or dated after this device knows it encrypted, which its people's devices never send.
 */
export function judgeClear(
  ledger: SeenLedger,
  conversation: ConversationKey,
  message: ConversationMessage,
): ConversationMessage['alert'] {
  const since = ledger.encryptedSince(conversation);
  // Seen sealed before (edited or deleted): whatever its date, its clear text is not its sender's.
  const seenSealed = ledger.versionOf(conversation, message.id) !== undefined;
  return seenSealed || (since !== undefined && message.createdAt >= since)
    ? 'not-encrypted'
    : undefined;
}

/**
 * A message deleted for everyone: `proved` when its tombstone opened under its sender's key.
 * Without the proof, a deletion in a conversation this device knows encrypted was not made by
 * its sender's devices (from before the switch, none had one). A proved one is noted, so the
 * message put back afterwards shows as rolled back.
 */
export function judgeDeleted(
  ledger: SeenLedger,
  conversation: ConversationKey,
  message: ConversationMessage,
  proved: boolean,
): ConversationMessage['alert'] {
  if (proved) {
    ledger.noteVersion(conversation, message.id, DELETED_VERSION);
    return undefined;
  }
  const since = ledger.encryptedSince(conversation);
  const seenAlive = ledger.versionOf(conversation, message.id) !== undefined;
  return seenAlive || (since !== undefined && message.createdAt >= since)
    ? 'unconfirmed-delete'
    : undefined;
}
