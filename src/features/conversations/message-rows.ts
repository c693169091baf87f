import type { ChatMessage } from '../../lib/firebase/conversations-message';
import { dayKey, dayLabel } from './day-label';

/** Messages further apart than this start a new group even from the same person. */
export const GROUP_GAP_MS = 5 * 60_000;

export type MessageRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'unread'; key: 'unread' }
  | {
      kind: 'message';
      key: string;
      message: ChatMessage;
      mine: boolean;
      /** First of a run of messages from the same person: a little more space above. */
      groupStart: boolean;
      /** Last of the run: carries the time. */
      groupEnd: boolean;
    };

/**
 * The rows the list shows for `messages` (oldest first): a date separator before each
 * day's first message, the 'New messages' divider before `firstUnreadId`, and the
 * messages grouped by sender.
 */
export function buildRows(
  messages: readonly ChatMessage[],
  me: string,
  firstUnreadId: string | null,
  now: number = Date.now(),
): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: ChatMessage | undefined;
  let lastMessageRow: Extract<MessageRow, { kind: 'message' }> | undefined;
  // The current day's bounds: a Date per day, not per message (this runs on every change).
  let dayStart = Infinity;
  let dayEnd = -Infinity;
  for (const message of messages) {
    const at = message.createdAt;
    const newDay = at < dayStart || at >= dayEnd;
    if (newDay) {
      const d = new Date(at);
      dayStart = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
      dayEnd = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
      rows.push({ kind: 'day', key: `day:${dayKey(at)}`, label: dayLabel(at, now) });
    }
    const unread = message.id === firstUnreadId;
    if (unread) rows.push({ kind: 'unread', key: 'unread' });
    const groupStart =
      newDay ||
      unread ||
      !previous ||
      previous.messagesenderId !== message.messagesenderId ||
      message.createdAt - previous.createdAt > GROUP_GAP_MS;
    if (groupStart && lastMessageRow) lastMessageRow.groupEnd = true;
    lastMessageRow = {
      kind: 'message',
      key: message.id,
      message,
      mine: message.messagesenderId === me,
      groupStart,
      groupEnd: false,
    };
    rows.push(lastMessageRow);
    previous = message;
  }
  if (lastMessageRow) lastMessageRow.groupEnd = true;
  return rows;
}

/**
 * The first message from the friend after `readUpTo` (ms, server time), or null: where the
 * 'New messages' divider goes. Null when nothing is known about what I have read.
 */
export function findFirstUnread(
  messages: readonly ChatMessage[],
  me: string,
  readUpTo: number | null,
): string | null {
  if (readUpTo === null) return null;
  const first = messages.find((m) => m.messagesenderId !== me && m.createdAt > readUpTo);
  return first?.id ?? null;
}

/** How many messages came after `sinceId` (all of them when it is not loaded). */
export function countAfter(messages: readonly ChatMessage[], sinceId: string | null): number {
  if (sinceId === null) return 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].id === sinceId) return messages.length - 1 - i;
  }
  return 0;
}
