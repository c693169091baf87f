// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './message-time';

const now = new Date(2026, 5, 15, 18, 30).getTime();
const time = (at: Date) => at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

describe('a message time stamp', () => {
  it('is the time today, the day and month this year, with the year before it', () => {
    const today = new Date(2026, 5, 15, 9, 5);
    expect(formatMessageTime(today.getTime(), now)).toBe(time(today));
    const thisYear = new Date(2026, 0, 2, 23, 59);
    expect(formatMessageTime(thisYear.getTime(), now)).toBe(
      `${thisYear.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time(thisYear)}`,
    );
    const lastYear = new Date(2025, 11, 31, 0, 1);
    expect(formatMessageTime(lastYear.getTime(), now)).toBe(
      `${lastYear.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}, ${time(lastYear)}`,
    );
  });
});
