// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatConversationTime } from './conversation-time';

const now = new Date(2026, 5, 15, 18, 30).getTime();

describe("a conversation's last-activity time", () => {
  it('is the time today, the weekday this week, then the date, with the year only before this one', () => {
    const today = new Date(2026, 5, 15, 0, 0);
    expect(formatConversationTime(today.getTime(), now)).toBe(
      today.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
    );
    const thisWeek = new Date(2026, 5, 9, 23, 59);
    expect(formatConversationTime(thisWeek.getTime(), now)).toBe(
      thisWeek.toLocaleDateString(undefined, { weekday: 'short' }),
    );
    const thisYear = new Date(2026, 5, 8, 12, 0);
    expect(formatConversationTime(thisYear.getTime(), now)).toBe(
      thisYear.toLocaleDateString(undefined, { day: 'numeric', month: 'short' }),
    );
    const lastYear = new Date(2025, 11, 31, 12, 0);
    expect(formatConversationTime(lastYear.getTime(), now)).toBe(
      lastYear.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
    );
  });
});
