import { conversationsStrings } from '../conversations-strings';

const DAY_MS = 86_400_000;

/** Local midnight of the day `at` falls on. */
function startOfDay(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Whole calendar days from `at`'s day to `now`'s (0 today, 1 yesterday), DST-proof. */
function daysBefore(at: number, now: number): number {
  return Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
}

/** A key equal for two times on the same local calendar day. */
export function dayKey(at: number): string {
  const d = new Date(at);
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1)}-${String(d.getDate())}`;
}

/**
 * The date separator's text: 'Today', 'Yesterday', the weekday within the last week, the
 * date before that (with the year only when it is not this year).
 */
export function dayLabel(at: number, now: number = Date.now()): string {
  const days = daysBefore(at, now);
  if (days === 0) return conversationsStrings.chatReading.today;
  if (days === 1) return conversationsStrings.chatReading.yesterday;
  const date = new Date(at);
  if (days > 1 && days < 7) return date.toLocaleDateString(undefined, { weekday: 'long' });
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
