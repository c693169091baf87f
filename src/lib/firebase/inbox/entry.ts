/**
 * `inbox/{uid}/{conversationId}` (and a group's `groupInbox/{uid}/{groupId}`) as a plain object and its
 * parser (docs/data-model.md, Inbox); a send writes it with the message
 * (send-write.ts). Nothing here imports Firebase.
 */

import type { SealState } from '../../crypto/seal-state';
import {
  conversationKey,
  type ConversationKey,
  type ConversationKind,
} from '../../conversation-key';

/**
 * What a conversation's last message was: its words, a photo ('image', chat-image-message.ts),
 * or 'deleted' once its sender deleted it for everyone (then `lastText` is '').
 */
export type InboxKind = 'text' | 'image' | 'deleted';

/**
 * The latest reaction to one of my messages, written by the reactor into my entry:
 * the row says 'Alice reacted 👍 to "…"' while it is newer than the last message.
 */
export interface InboxReaction {
  by: string;
  emoji: string;
  messageId: string;
  /** The message's preview, '' for a photo. */
  text: string;
  kind: 'text' | 'image';
  /** Server time in ms. */
  at: number;
}

/** A message as an entry summarises it: who sent it, its preview, its kind and server time. */
export interface InboxLast {
  messageId: string;
  senderId: string;
  /** The message's first characters (see previewOf); '' for a photo or a deleted message. */
  text: string;
  kind: InboxKind;
  at: number;
  /** As the entry's (below): how a sealed preview opened; absent in clear text. */
  sealed?: SealState;
  /** As the entry's (below). */
  alert?: 'not-encrypted';
}

/**
 * The owner's cover of a last message they deleted for themself (`over`): the newest message
 * before it they still see, or null when none is left to show. It applies only while the entry's
 * last message is `over`; a newer message makes it stale.
 */
interface InboxCover {
  over: string;
  shown: InboxLast | null;
}

export interface InboxEntry {
  /** The friendship's id (`kind` 'direct') or the group's ('group'). */
  conversationId: string;
  kind: ConversationKind;
  /** Messages from the friend that I have not read (0 when absent). */
  unread: number;
  lastMessageId: string;
  lastSenderId: string;
  /** The message's first characters (see previewOf). */
  lastText: string;
  lastKind: InboxKind;
  /** Server time in ms. */
  lastAt: number;
  reaction?: InboxReaction;
  /**
   * Server time of the latest edit or delete for everyone of any of its messages (the entry's
   * `changed` marker): the search index reads the conversation's changes when it moves.
   */
  changedAt?: number;
  /** What my row shows while the last message is one I deleted for me (InboxCover). */
  cover?: InboxCover;
  /** As a message's (crypto.ts): how a sealed preview opened; absent in clear text. */
  sealed?: SealState;
  /**
   * The last message is clear text in a conversation this device knows encrypted: not from its
   * sender's devices (crypto.ts checks an entry against its messages), so its words are not shown.
   */
  alert?: 'not-encrypted';
}

/** The rules keep the first 100 characters of a message as its preview. */
const PREVIEW_LENGTH = 100;

/**
 * The message's first 100 UTF-16 code units, or 99 when the 100th would split an emoji (a
 * surrogate pair): the rules accept either, and the preview is never a broken character.
 */
export function previewOf(message: string): string {
  if (message.length <= PREVIEW_LENGTH) return message;
  const last = message.charCodeAt(PREVIEW_LENGTH - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return message.slice(0, splitsPair ? PREVIEW_LENGTH - 1 : PREVIEW_LENGTH);
}

const INBOX_KINDS: readonly unknown[] = ['text', 'image', 'deleted'] satisfies InboxKind[];

/** A stored `reaction`, or undefined when absent or unusable (the entry itself still shows). */
function parseInboxReaction(value: unknown): InboxReaction | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { by, emoji, messageId, text, kind, at } = value as Record<string, unknown>;
  if (typeof by !== 'string' || typeof emoji !== 'string' || typeof messageId !== 'string') {
    return undefined;
  }
  if (typeof text !== 'string' || (kind !== 'text' && kind !== 'image')) return undefined;
  if (typeof at !== 'number') return undefined;
  return { by, emoji, messageId, text, kind, at };
}

/** A stored `cover`, or undefined when absent or unusable (the row then shows the last message). */
function parseInboxCover(value: unknown): InboxCover | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { over, messageId, senderId, text, kind, at } = value as Record<string, unknown>;
  if (typeof over !== 'string') return undefined;
  if (messageId === undefined) return { over, shown: null };
  if (typeof messageId !== 'string' || typeof senderId !== 'string') return undefined;
  if (typeof text !== 'string' || !INBOX_KINDS.includes(kind) || typeof at !== 'number') {
    return undefined;
  }
  return { over, shown: { messageId, senderId, text, kind: kind as InboxKind, at } };
}

/**
 * The last message my row shows: the entry's own, or, while it is one I deleted for me, the
 * cover's (null: nothing is left to show).
 */
export function shownLast(entry: InboxEntry): InboxLast | null {
  const { cover } = entry;
  if (cover?.over === entry.lastMessageId) return cover.shown;
  return {
    messageId: entry.lastMessageId,
    senderId: entry.lastSenderId,
    text: entry.lastText,
    kind: entry.lastKind,
    at: entry.lastAt,
    ...(entry.sealed ? { sealed: entry.sealed } : {}),
    ...(entry.alert ? { alert: entry.alert } : {}),
  };
}

export function parseInboxEntry(
  kind: ConversationKind,
  conversationId: string,
  value: unknown,
): InboxEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const { unread, lastMessageId, lastSenderId, lastText, lastKind, lastAt } = v;
  if (typeof lastMessageId !== 'string' || typeof lastSenderId !== 'string') return null;
  if (typeof lastText !== 'string' || !INBOX_KINDS.includes(lastKind)) return null;
  const reaction = parseInboxReaction(v.reaction);
  const changed = v.changed as { at?: unknown } | null | undefined;
  const changedAt = typeof changed?.at === 'number' ? changed.at : undefined;
  const cover = parseInboxCover(v.cover);
  return {
    conversationId,
    kind,
    unread: typeof unread === 'number' && unread > 0 ? unread : 0,
    lastMessageId,
    lastSenderId,
    lastText,
    lastKind: lastKind as InboxKind,
    lastAt: typeof lastAt === 'number' ? lastAt : 0,
    ...(reaction ? { reaction } : {}),
    ...(changedAt !== undefined ? { changedAt } : {}),
    ...(cover ? { cover } : {}),
  };
}

/**
 * Every entry under `inbox/{uid}` (`kind` 'direct') or `groupInbox/{uid}` ('group') that parses,
 * by conversation key.
 */
export function parseInbox(
  kind: ConversationKind,
  value: unknown,
): Record<ConversationKey, InboxEntry> {
  const out: Record<ConversationKey, InboxEntry> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const parsed = parseInboxEntry(kind, id, entry);
    if (parsed) out[conversationKey(kind, id)] = parsed;
  }
  return out;
}

/** Total unread over the conversations in `keys` (the current friendships and groups). */
export function totalUnread(
  inbox: Partial<Record<ConversationKey, InboxEntry>>,
  keys: Iterable<ConversationKey>,
): number {
  let total = 0;
  for (const key of keys) total += inbox[key]?.unread ?? 0;
  return total;
}

/**
 * A sent message: its id at once, and `acked` when the server stored it. The result is also the
 * `acked` promise itself, so a caller that simply awaits `send(...)` keeps working.
 */
export type SentMessage = Promise<void> & { id: string; acked: Promise<void> };

export function asSentMessage(id: string, acked: Promise<void>): SentMessage {
  return Object.assign(acked, { id, acked });
}

/** `reads/{conversationId}/{uid}` (or `groupReads/{groupId}/{uid}`): that person has read up to `messageId`, at server time `at`. */
export interface ReadMarker {
  at: number;
  messageId: string;
}

export function parseReadMarker(value: unknown): ReadMarker | null {
  if (typeof value !== 'object' || value === null) return null;
  const { at, messageId } = value as Record<string, unknown>;
  if (typeof at !== 'number' || typeof messageId !== 'string') return null;
  return { at, messageId };
}
