/**
 * `sendMessage/{conversationId}/{msgId}` as a plain object, and its parser. Field names are the spec's,
 * verbatim (`massagesenderName` included). Nothing here imports Firebase.
 */
import { parseActionFields, type MessageActionFields } from './action-fields';
import { parseChatImageInfo, type ChatImageInfo } from './image-message';
import type { SealState } from '../../crypto/seal-state';

export interface ChatMessage extends MessageActionFields {
  id: string;
  message: string;
  messagesenderId: string;
  massagesenderName: string;
  messagereceiverId: string;
  messagereceiverName: string;
  /** Server time in ms (the client's estimate until the server confirms a new message). */
  createdAt: number;
  /** Image messages only (src/lib/firebase/chat-image-message.ts); `message` holds the caption. */
  image?: ChatImageInfo;
  /**
   * End-to-end encryption (crypto.ts): 'open' when `message` was opened from its
   * sealed text, 'no-key' or 'failed' when it could not be (then `message` is ''); absent for a
   * message in clear text, from before the switch.
   */
  sealed?: SealState;
  /** The sealed text as stored: an edit or a reaction's quote is sealed under its epoch. */
  sealedText?: string;
}

/** The rules' limit on `message`. */
export const MESSAGE_MAX_LENGTH = 4000;

const textKeys = [
  'messagesenderId',
  'massagesenderName',
  'messagereceiverId',
  'messagereceiverName',
] as const;

export function parseChatMessage(id: string, value: unknown): ChatMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const out = { id } as ChatMessage;
  for (const key of textKeys) {
    const field = fields[key];
    if (typeof field !== 'string') return null;
    out[key] = field;
  }
  out.createdAt = typeof fields.createdAt === 'number' ? fields.createdAt : 0;
  // Deleted for everyone: the envelope alone is stored, so no text and no image.
  if (fields.deleted === true) return { ...out, message: '', deleted: true };
  if (typeof fields.message !== 'string') return null;
  out.message = fields.message;
  const image = parseChatImageInfo(fields);
  if (image) out.image = { ...image, sender: out.messagesenderId };
  return { ...out, ...parseActionFields(fields) };
}

/** Oldest first: by server time, then by push id (which also sorts by creation). */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
