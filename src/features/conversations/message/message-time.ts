// Made once: toLocaleTimeString and toLocaleDateString given options build a formatter on
// every call (~50 µs), and every drawn bubble formats its time twice on each render.
const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const fullDate = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A message's time stamp: the time today, otherwise the date and the time. */
export function formatMessageTime(createdAt: number, now: number = Date.now()): string {
  const at = new Date(createdAt);
  const time = timeOfDay.format(at);
  if (at.toDateString() === new Date(now).toDateString()) return time;
  const sameYear = at.getFullYear() === new Date(now).getFullYear();
  return `${(sameYear ? dayAndMonth : fullDate).format(at)}, ${time}`;
}
