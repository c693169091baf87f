// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import { dayLabel } from './day-label';
import { buildRows, findFirstUnread, GROUP_GAP_MS, type MessageRow } from './message-rows';

const NOW = new Date(2026, 10, 25, 15, 0).getTime(); // a Wednesday afternoon, local time
const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 10, day, hour, minute).getTime();
const msg = (id: string, from: string, createdAt: number, text = id): ConversationMessage => ({
  id,
  text: text,
  senderId: from,
  senderName: from,
  receiverId: from === 'me' ? 'bo' : 'me',
  receiverName: 'x',
  createdAt,
});
/** A compact picture of the rows: '# label', '--new--', or 'id' with [ and ] at a group's ends. */
const picture = (rows: MessageRow[]) =>
  rows.map((row) => {
    if (row.kind === 'day') return `# ${row.label}`;
    if (row.kind === 'unread') return '--new--';
    return `${row.groupStart ? '[' : ''}${row.key}${row.groupEnd ? ']' : ''}`;
  });

describe('dayLabel', () => {
  it('says Today and Yesterday by calendar day, not by 24 hours', () => {
    expect(dayLabel(at(25, 0, 1), NOW)).toBe('Today');
    expect(dayLabel(at(24, 23, 59), NOW)).toBe('Yesterday');
    expect(dayLabel(at(24, 0, 0), NOW)).toBe('Yesterday');
  });

  it('names the weekday within the last week, then the date, with the year only when older', () => {
    const weekday = (t: number) => new Date(t).toLocaleDateString(undefined, { weekday: 'long' });
    expect(dayLabel(at(22, 9), NOW)).toBe(weekday(at(22, 9)));
    expect(dayLabel(at(19, 9), NOW)).toBe(weekday(at(19, 9)));
    const lastWeek = dayLabel(at(18, 9), NOW);
    expect(lastWeek).not.toBe(weekday(at(18, 9)));
    expect(lastWeek).toContain('18');
    expect(lastWeek).not.toContain('2026');
    expect(dayLabel(new Date(2025, 11, 31, 9).getTime(), NOW)).toContain('2025');
  });
});

describe('buildRows', () => {
  it('puts a separator before each day and groups runs by sender, the time on the last', () => {
    const rows = buildRows(
      [
        msg('a1', 'bo', at(24, 20, 0)),
        msg('a2', 'bo', at(24, 20, 1)),
        msg('b1', 'bo', at(25, 9, 0)),
        msg('b2', 'me', at(25, 9, 1)),
        msg('b3', 'me', at(25, 9, 2)),
        msg('b4', 'bo', at(25, 9, 3)),
      ],
      'me',
      null,
      NOW,
    );
    expect(picture(rows)).toEqual([
      '# Yesterday',
      '[a1',
      'a2]',
      '# Today',
      '[b1]',
      '[b2',
      'b3]',
      '[b4]',
    ]);
    const mine = rows.flatMap((r) => (r.kind === 'message' && r.mine ? [r.key] : []));
    expect(mine).toEqual(['b2', 'b3']);
  });

  it('starts a new group after a long pause and at the New messages divider', () => {
    const t = at(25, 9);
    const rows = buildRows(
      [
        msg('m1', 'bo', t),
        msg('m2', 'bo', t + GROUP_GAP_MS + 1),
        msg('m3', 'bo', t + GROUP_GAP_MS + 2),
        msg('m4', 'bo', t + GROUP_GAP_MS + 3),
      ],
      'me',
      'm4',
      NOW,
    );
    expect(picture(rows)).toEqual(['# Today', '[m1]', '[m2', 'm3]', '--new--', '[m4]']);
  });

  it('gives an empty conversation no rows', () => {
    expect(buildRows([], 'me', null, NOW)).toEqual([]);
  });
});

describe('findFirstUnread', () => {
  const list = [
    msg('m1', 'bo', 100),
    msg('m2', 'me', 200),
    msg('m3', 'bo', 300),
    msg('m4', 'bo', 400),
  ];

  it("finds the friend's first message after what I had read, never my own", () => {
    expect(findFirstUnread(list, 'me', 100)).toBe('m3');
    expect(findFirstUnread(list, 'me', 50)).toBe('m1');
    expect(findFirstUnread(list, 'me', 400)).toBeNull();
    expect(findFirstUnread([msg('x', 'me', 900)], 'me', 100)).toBeNull();
    // Never opened in this browser: nothing is known, so no divider.
    expect(findFirstUnread(list, 'me', null)).toBeNull();
  });
});
