/**
 * `sendMessage/{conversationId}/{msgId}` as a plain object, and its parser. Field names are the spec's,
 * verbatim (`massagesenderName` included). Nothing here imports Firebase.
 */
import { parseActionFields, type MessageActionFields } from './action-fields';
import { parseMessageImageInfo, type MessageImageInfo } from './image-message';
import { parseMessageFileInfo, type MessageFileInfo } from './files/file-message';
import type { SealState } from '../../crypto/seal-state';

export interface ConversationMessage extends MessageActionFields {
  id: string;
  text: string;
  senderId: string;
  senderName: string;
  receiverId: string;
  receiverName: string;
  /** Server time in ms (the client's estimate until the server confirms a new message). */
  createdAt: number;
  /** Image messages only (src/lib/firebase/chat-image-message.ts); `message` holds the caption. */
  image?: MessageImageInfo;
  /** File and voice messages only (file-message.ts); `message` holds what lists show of it. */
  file?: MessageFileInfo;
  /**
   * End-to-end encryption (crypto.ts): 'open' when `message` was opened from its
   * sealed text, 'no-key' or 'failed' when it could not be (then `message` is ''); absent for a
   * message in clear text, from before the switch.
   */
  sealed?: SealState;
  /** The sealed text as stored: an edit or a reaction's quote is sealed under its epoch. */
  sealedText?: string;
  /** A message sealed in format v1, whose seal binds its words but not what else it shows. */
  sealVersion?: 1;
  /** What this device found wrong with the message (integrity/message-verdict.ts). */
  alert?: MessageAlert;
  /** The time its sender sealed it at, when the server dates it otherwise (alert 'redated'). */
  sealedAt?: number;
  /** Deleted for everyone: the sender's sealed proof of it, as stored (checked by crypto.ts). */
  tombstone?: string;
}

/**
 * Why a message is not shown as a normal one (docs/security/e2ee.md, "What the reader checks"):
 * `not-encrypted`: clear text in a conversation known to be encrypted (it did not come from its
 * people's devices); `redated`: the server's time is not the one sealed with it; `rolled-back`:
 * an older version than this device has already shown (an edit taken back, a deletion undone);
 * `unconfirmed-delete`: deleted for everyone without the sender's proof.
 */
type MessageAlert = 'not-encrypted' | 'redated' | 'rolled-back' | 'unconfirmed-delete';

/** The rules' limit on `message` (the stored text). */
export const MESSAGE_MAX_LENGTH = 4000;

/**
 * The envelope's stored names (the spec's, typos included) and the names the app uses: the
 * parser is the one place that knows both.
 */
const ENVELOPE_FIELDS = {
  messagesenderId: 'senderId',
  massagesenderName: 'senderName',
  messagereceiverId: 'receiverId',
  messagereceiverName: 'receiverName',
} as const;

export function parseDirectMessage(id: string, value: unknown): ConversationMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const out = { id } as ConversationMessage;
  for (const [stored, name] of Object.entries(ENVELOPE_FIELDS)) {
    const field = fields[stored];
    if (typeof field !== 'string') return null;
    out[name] = field;
  }
  out.createdAt = typeof fields.createdAt === 'number' ? fields.createdAt : 0;
  // Deleted for everyone: the envelope alone is stored (and the proof), no text and no image.
  if (fields.deleted === true) return deletedMessage(out, fields);
  if (typeof fields.message !== 'string') return null;
  out.text = fields.message;
  const image = parseMessageImageInfo(fields);
  if (image) out.image = { ...image, sender: out.senderId };
  const file = parseMessageFileInfo(fields);
  if (file) out.file = { ...file, sender: out.senderId };
  return { ...out, ...parseActionFields(fields) };
}

/** A message deleted for everyone, with its tombstone when it has one. */
export const deletedMessage = (
  out: ConversationMessage,
  fields: Record<string, unknown>,
): ConversationMessage => ({
  ...out,
  text: '',
  deleted: true,
  ...(typeof fields.tombstone === 'string' ? { tombstone: fields.tombstone } : {}),
});

/** Oldest first: by server time, then by push id (which also sorts by creation). */
export function compareMessages(a: ConversationMessage, b: ConversationMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
