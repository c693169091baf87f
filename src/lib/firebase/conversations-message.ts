/**
 * `sendMessage/{relId}/{msgId}` as a plain object, and its parser. Field names are the spec's,
 * verbatim (`massagesenderName` included). Nothing here imports Firebase.
 */
import { parseChatImageInfo, type ChatImageInfo } from './conversations-image-message';

export interface ChatMessage {
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
  /** Message actions (docs/data-model.md, Message actions): the quoted message's id. */
  replyTo?: string;
  forwarded?: boolean;
  /** Groups: the uids this message mentions. */
  mentions?: string[];
  /** Server time of the last edit. */
  editedAt?: number;
  /** Deleted for everyone: only the envelope is left. */
  deleted?: boolean;
  /** Emoji → uid → server time of that person's reaction. */
  reactions?: Record<string, Record<string, number>>;
}

/** The rules' limit on `message`. */
export const MESSAGE_MAX_LENGTH = 4000;

const textKeys = [
  'message',
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
  const image = parseChatImageInfo(fields);
  if (image) out.image = image;
  return out;
}

/** Oldest first: by server time, then by push id (which also sorts by creation). */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
