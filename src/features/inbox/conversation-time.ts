import type { InboxEntry } from '../../lib/firebase/inbox-entry';
import { inboxStrings } from './inbox-strings';

const DAY_MS = 86_400_000;

function startOfDay(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * A conversation's last-activity time in the list: the time today, the short weekday within
 * the last week, the date before that (with the year only when it is not this year).
 */
export function formatConversationTime(at: number, now: number = Date.now()): string {
  const date = new Date(at);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
  if (days <= 0) return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (days < 7) return date.toLocaleDateString(undefined, { weekday: 'short' });
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The last message in words: 'You: ' when mine, kinds other than text (a photo, a deletion) named. */
export function previewOf(entry: InboxEntry, me: string): string {
  const text = entry.lastKind === 'text' ? entry.lastText : inboxStrings.kinds[entry.lastKind];
  return entry.lastSenderId === me ? inboxStrings.you(text) : text;
}
