import { encryptionStrings } from '../encryption';
import { shownLast, type InboxEntry } from '../../lib/firebase/inbox/shapes';
import { inboxStrings } from './inbox-strings';

const DAY_MS = 86_400_000;
// Made once: toLocale*String given options build a formatter on every call (~50 µs), and the
// list formats every row's time whenever it re-renders (each message sent or received).
const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayAndMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const fullDate = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

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
  if (days <= 0) return timeOfDay.format(date);
  if (days < 7) return weekday.format(date);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return (sameYear ? dayAndMonth : fullDate).format(date);
}

/**
 * The last message in words: 'You: ' when mine, kinds other than text (a photo, a deletion)
 * named. While the last message is one I deleted for me, the one before it (or nothing).
 */
export function previewOf(entry: InboxEntry, me: string): string {
  const last = shownLast(entry);
  if (!last) return '';
  const sealed = last.sealed === 'no-key' || last.sealed === 'failed' ? last.sealed : null;
  const words = sealed
    ? encryptionStrings.sealed[sealed === 'no-key' ? 'noKey' : 'failed']
    : // Clear text not from its sender's devices: its words are not shown as theirs.
      last.alert === 'not-encrypted'
      ? encryptionStrings.sealed.notEncrypted
      : null;
  const text = last.kind === 'text' ? (words ?? last.text) : inboxStrings.kinds[last.kind];
  return last.senderId === me ? inboxStrings.you(text) : text;
}

/**
 * 'Alice reacted 👍 to "see you at 8?"' while the latest reaction to one of my messages is newer
 * than the conversation's last message, else null (the row shows the last message).
 */
export function reactionPreview(entry: InboxEntry, reactorName: string): string | null {
  const reaction = entry.reaction;
  if (!reaction || reaction.at <= entry.lastAt) return null;
  // A reaction to the last message I deleted for me would quote its words.
  if (entry.cover?.over === reaction.messageId && reaction.messageId === entry.lastMessageId) {
    return null;
  }
  const who = reactorName.trim().split(/\s+/)[0] || reactorName;
  return reaction.kind === 'image'
    ? inboxStrings.reactedToPhoto(who, reaction.emoji)
    : inboxStrings.reacted(who, reaction.emoji, reaction.text);
}
