import { describe, expect, it } from 'vitest';
import type { ConversationKey } from '../../conversation-key';
import type { InboxEntry } from './entry';
import { mergeInstances } from './merge';

const entry = (conversationId: string, unread: number): InboxEntry => ({
  conversationId,
  kind: 'direct',
  unread,
  lastMessageId: `m-${conversationId}`,
  lastSenderId: 'ann',
  lastText: 'hi',
  lastKind: 'text',
  lastAt: 1,
});

const placements: Record<string, number> = { 'd:a': 0, 'd:b': 1, 'd:c': 2, 'g:g': 2 };
const placementOf = (key: ConversationKey) => placements[key];

describe('one inbox over the home and the other instances', () => {
  it('shows the home’s entries and each other instance’s entries placed there', () => {
    const merged = mergeInstances(
      0,
      { 'd:a': entry('a', 1) },
      new Map([
        [1, { 'd:b': entry('b', 2) }],
        [2, { 'd:c': entry('c', 3), 'g:g': { ...entry('g', 4), kind: 'group' as const } }],
      ]),
      placementOf,
    );
    expect(Object.keys(merged).sort()).toEqual(['d:a', 'd:b', 'd:c', 'g:g']);
    expect([merged['d:a'].unread, merged['d:b'].unread, merged['d:c'].unread]).toEqual([1, 2, 3]);
    expect(merged['g:g'].unread).toBe(4);
  });

  it('takes a count only from the conversation’s own instance, never a stray copy', () => {
    const merged = mergeInstances(
      0,
      // A home entry of a conversation placed on 1, and one on 2 of a conversation placed on 1.
      { 'd:a': entry('a', 1), 'd:b': entry('b', 99) },
      new Map([
        [1, { 'd:b': entry('b', 2) }],
        [2, { 'd:b': entry('b', 50), 'd:a': entry('a', 7) }],
      ]),
      placementOf,
    );
    expect(merged['d:b'].unread).toBe(2);
    expect(merged['d:a'].unread).toBe(1);
  });

  it('keeps home entries whose placement is not read yet, and no other instance’s', () => {
    const merged = mergeInstances(
      0,
      { 'd:new': entry('new', 1) },
      new Map([[1, { 'd:other': entry('other', 5) }]]),
      placementOf,
    );
    expect(Object.keys(merged)).toEqual(['d:new']);
  });

  it('drops a conversation whose entry is gone from its instance', () => {
    const merged = mergeInstances(0, {}, new Map([[1, {}]]), placementOf);
    expect(merged).toEqual({});
  });
});
