// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/entry';
import { isMuted, parseInboxPrefs } from '../../lib/firebase/inbox/prefs-record';
import { arrangeRows, isArchived } from './inbox-prefs-selectors';
import { muteUntil } from './inbox-prefs-thunks';

const entry = (lastAt: number) => ({ lastAt }) as InboxEntry;

describe('inbox prefs', () => {
  it('reads stored prefs, leaving out malformed parts and pins beyond three', () => {
    const prefs = parseInboxPrefs({
      direct: { r1: { mutedUntil: 'always' }, r2: { archivedAt: 5 }, r3: { mutedUntil: 'x' } },
      group: { g1: { mutedUntil: 10, archivedAt: 'no' } },
      pins: ['d:r1', 'g:g1', 'd:r1', 'bad', 'd:r2', 'd:r3'],
    });
    expect(prefs.byKey).toEqual({
      'd:r1': { mutedUntil: 'always', archivedAt: null },
      'd:r2': { mutedUntil: null, archivedAt: 5 },
      'g:g1': { mutedUntil: 10, archivedAt: null },
    });
    expect(prefs.pins).toEqual(['d:r1', 'g:g1', 'd:r2']);
    expect(parseInboxPrefs(null)).toEqual({ byKey: {}, pins: [] });
  });

  it('mutes for 8 hours, a week or always, and a mute whose time passed is over', () => {
    const now = 1_000_000;
    expect(muteUntil('8h', now)).toBe(now + 8 * 3600_000);
    expect(muteUntil('1w', now)).toBe(now + 7 * 24 * 3600_000);
    expect(muteUntil('always', now)).toBe('always');
    expect(muteUntil('off', now)).toBeNull();
    expect(isMuted({ mutedUntil: now + 1, archivedAt: null }, now)).toBe(true);
    expect(isMuted({ mutedUntil: now, archivedAt: null }, now)).toBe(false);
    expect(isMuted({ mutedUntil: 'always', archivedAt: null }, now)).toBe(true);
    expect(isMuted(undefined, now)).toBe(false);
  });

  it('keeps an archived conversation away until a newer message, unless it is muted', () => {
    const archived = { mutedUntil: null, archivedAt: 100 };
    expect(isArchived(archived, entry(90), false)).toBe(true);
    expect(isArchived(archived, entry(100), false)).toBe(true);
    expect(isArchived(archived, entry(101), false)).toBe(false);
    expect(isArchived(archived, entry(101), true)).toBe(true);
    expect(isArchived(archived, null, false)).toBe(true);
    expect(isArchived({ mutedUntil: 'always', archivedAt: null }, entry(1), true)).toBe(false);
  });

  it('puts pins first in the order pinned and archived rows apart, others in their order', () => {
    const rows: ConversationKey[] = ['d:a', 'd:b', 'g:c', 'd:d', 'd:e'];
    const arranged = arrangeRows(
      rows,
      (k) => k,
      ['d:d', 'd:a'],
      (k) => k === 'd:b',
    );
    expect(arranged).toEqual({ main: ['d:d', 'd:a', 'g:c', 'd:e'], archived: ['d:b'] });
  });
});
