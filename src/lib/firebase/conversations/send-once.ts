/**
 * A message is sent exactly once, and says so. When the connection drops between the
 * server's commit and its acknowledgement, the SDK sends the same write again on reconnect; the
 * rules refuse it (a message is never edited), although the message is stored and counted. So a
 * refusal is checked against what is stored at the message's path: the very same message (same
 * id, sender and content) means it was delivered. A retry keeps the message's id and looks
 * before it writes, so it can never store a second copy.
 */
import { asSentMessage, type SentMessage } from '../inbox/shapes';
import type { SlotAccess } from './placement/slot-access';

/**
 * Where a send goes: its instance over a connection, or over REST when the three connections
 * are taken (placement/reach.ts); the same root update and the same look either way.
 */
export type SendAccess = Pick<SlotAccess, 'read' | 'update'>;

/** The fields a delete for everyone keeps (docs/data-model.md, Message actions). */
const envelopeKeys = new Set([
  'messagesenderId',
  'massagesenderName',
  'messagereceiverId',
  'messagereceiverName',
  'senderId',
  'senderName',
]);

/**
 * True when `stored` is the message `written` describes: every field written as a plain value
 * is stored unchanged. Server values (the `createdAt` placeholder, an object) are not compared.
 * The message actions may have changed it since (a queued edit or delete that followed the
 * send): an edited message is compared without its text, a deleted one by its envelope.
 */
export function isSameMessage(written: Record<string, unknown>, stored: unknown): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const fields = stored as Record<string, unknown>;
  const deleted = fields.deleted === true;
  const edited = typeof fields.editedAt === 'number';
  return Object.entries(written).every(
    ([key, value]) =>
      (typeof value === 'object' && value !== null) ||
      (deleted && !envelopeKeys.has(key)) ||
      (edited && key === 'message') ||
      fields[key] === value,
  );
}

/** A rules refusal (`permission_denied`), as the SDK reports it. */
export const isRefusal = (error: unknown) =>
  /permission[_ ]denied/i.test(error instanceof Error ? error.message : String(error));

/** Whether the message is stored at `path` as written; false when it cannot be read. */
async function isStored(at: SendAccess, path: string, written: Record<string, unknown>) {
  try {
    return isSameMessage(written, await at.read(path));
  } catch {
    return false;
  }
}

/**
 * How a send that reached the server ended: `acked`, or `stored` when the server refused it
 * (the SDK's repeat after a lost acknowledgement) yet holds the very same message. Any other
 * refusal or failure rejects as it came.
 */
export async function settleSend(
  at: SendAccess,
  messagePath: string,
  written: Record<string, unknown>,
  attempt: Promise<void>,
): Promise<'acked' | 'stored'> {
  try {
    await attempt;
    return 'acked';
  } catch (error) {
    if (isRefusal(error) && (await isStored(at, messagePath, written))) return 'stored';
    throw error;
  }
}

/**
 * Sends `changes` (one root update holding the message at `messagePath`) and settles as sent
 * when the server stored it, even if the acknowledgement was lost and the SDK's repeat refused.
 * `retry`: the message was reported failed before; nothing is written if it is stored already.
 * `changes` may still be being sealed (crypto.ts): the id is known at once, so the
 * message shows as pending meanwhile.
 */
export function sendOnce(
  at: SendAccess,
  id: string,
  messagePath: string,
  changesSoon: Record<string, unknown> | Promise<Record<string, unknown>>,
  retry = false,
): SentMessage {
  const settled = Promise.resolve(changesSoon).then((changes) => {
    const written = changes[messagePath] as Record<string, unknown>;
    const write = () => at.update(changes);
    const attempt = retry
      ? isStored(at, messagePath, written).then((stored) => (stored ? undefined : write()))
      : write();
    return settleSend(at, messagePath, written, attempt);
  });
  return asSentMessage(
    id,
    settled.then(() => undefined),
  );
}
