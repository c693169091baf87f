import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { dayKey, dayLabel } from './day-label';

/** Messages further apart than this start a new group even from the same person. */
export const GROUP_GAP_MS = 5 * 60_000;

export type MessageRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'unread'; key: 'unread' }
  | {
      kind: 'message';
      key: string;
      message: ConversationMessage;
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
  messages: readonly ConversationMessage[],
  me: string,
  firstUnreadId: string | null,
  now: number = Date.now(),
): MessageRow[] {
  return pageRows(messages, { me, firstUnreadId, now });
}

interface RowsContext {
  me: string;
  firstUnreadId: string | null;
  now: number;
}

/** The local day's bounds [start, end) of the time `at`. */
function dayBounds(at: number): [number, number] {
  const d = new Date(at);
  return [
    new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime(),
    new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime(),
  ];
}

/** Whether `message` starts a run (more space above) after `previous`. */
function startsGroup(
  previous: ConversationMessage | undefined,
  message: ConversationMessage,
  newDay: boolean,
  unread: boolean,
): boolean {
  return (
    newDay ||
    unread ||
    !previous ||
    previous.senderId !== message.senderId ||
    message.createdAt - previous.createdAt > GROUP_GAP_MS
  );
}

/**
 * The rows of one page of a longer list: `before` is the message shown just above the page
 * (no day separator or group start is repeated for it) and `after` the one just below (it
 * decides whether the page's last message ends its run).
 */
export function pageRows(
  messages: readonly ConversationMessage[],
  { me, firstUnreadId, now }: RowsContext,
  before?: ConversationMessage,
  after?: ConversationMessage,
): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous = before;
  let lastMessageRow: Extract<MessageRow, { kind: 'message' }> | undefined;
  // The current day's bounds: a Date per day, not per message (this runs on every change).
  let [dayStart, dayEnd] = before ? dayBounds(before.createdAt) : [Infinity, -Infinity];
  for (const message of messages) {
    const at = message.createdAt;
    const newDay = at < dayStart || at >= dayEnd;
    if (newDay) {
      [dayStart, dayEnd] = dayBounds(at);
      rows.push({ kind: 'day', key: `day:${dayKey(at)}`, label: dayLabel(at, now) });
    }
    const unread = message.id === firstUnreadId;
    if (unread) rows.push({ kind: 'unread', key: 'unread' });
    const groupStart = startsGroup(previous, message, newDay, unread);
    if (groupStart && lastMessageRow) lastMessageRow.groupEnd = true;
    lastMessageRow = {
      kind: 'message',
      key: message.id,
      message,
      mine: message.senderId === me,
      groupStart,
      groupEnd: false,
    };
    rows.push(lastMessageRow);
    previous = message;
  }
  if (lastMessageRow && previous) {
    const next = after;
    lastMessageRow.groupEnd =
      !next ||
      startsGroup(
        previous,
        next,
        next.createdAt < dayStart || next.createdAt >= dayEnd,
        next.id === firstUnreadId,
      );
  }
  return rows;
}

/**
 * The first message from the friend after `readUpTo` (ms, server time), or null: where the
 * 'New messages' divider goes. Null when nothing is known about what I have read.
 */
export function findFirstUnread(
  messages: readonly ConversationMessage[],
  me: string,
  readUpTo: number | null,
): string | null {
  if (readUpTo === null) return null;
  const first = messages.find((m) => m.senderId !== me && m.createdAt > readUpTo);
  return first?.id ?? null;
}
