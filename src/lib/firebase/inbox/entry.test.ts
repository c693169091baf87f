// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  parseInbox,
  parseInboxEntry,
  parseReadMarker,
  previewOf,
  shownLast,
  totalUnread,
} from './entry';
import { directSendWrite } from '../conversations/send-write';

const stored = {
  unread: 3,
  lastMessageId: '-Nm1',
  lastSenderId: 'bob',
  lastText: 'Hi',
  lastKind: 'text',
  lastAt: 1234,
};

describe('previewOf', () => {
  it('keeps a short message whole and cuts a long one at 100 characters', () => {
    expect(previewOf('Hello')).toBe('Hello');
    expect(previewOf('a'.repeat(100))).toBe('a'.repeat(100));
    expect(previewOf('a'.repeat(250))).toBe('a'.repeat(100));
  });

  it('never splits an emoji: cuts at 99 when the 100th unit starts a surrogate pair', () => {
    const text = `${'a'.repeat(99)}😀 and more`;
    expect(previewOf(text)).toBe('a'.repeat(99));
    expect(previewOf(`${'a'.repeat(98)}😀 and more`)).toBe(`${'a'.repeat(98)}😀`);
  });
});

describe('parseInboxEntry', () => {
  it('reads a stored entry, an absent count as 0', () => {
    expect(parseInboxEntry('direct', 'r1', stored)).toEqual({
      conversationId: 'r1',
      kind: 'direct',
      ...stored,
    });
    expect(parseInboxEntry('direct', 'r1', { ...stored, unread: undefined })?.unread).toBe(0);
  });

  it('drops what the app cannot show', () => {
    expect(parseInboxEntry('direct', 'r1', null)).toBeNull();
    expect(parseInboxEntry('direct', 'r1', 'text')).toBeNull();
    expect(parseInboxEntry('direct', 'r1', { ...stored, lastText: 5 })).toBeNull();
    expect(parseInboxEntry('direct', 'r1', { ...stored, lastKind: 'video' })).toBeNull();
    expect(parseInbox('direct', { r1: stored, r2: { unread: 1 } })).toEqual({
      'd:r1': { conversationId: 'r1', kind: 'direct', ...stored },
    });
    expect(parseInbox('direct', null)).toEqual({});
  });

  it('keys each entry by its kind, so a friendship and a group with one id stay apart', () => {
    const both = {
      ...parseInbox('direct', { x1: stored }),
      ...parseInbox('group', { x1: { ...stored, unread: 7 } }),
    };
    expect(both['d:x1'].unread).toBe(stored.unread);
    expect(both['g:x1']).toEqual({ conversationId: 'x1', kind: 'group', ...stored, unread: 7 });
  });
});

describe('parseInboxEntry with message actions', () => {
  const reaction = {
    by: 'bob',
    emoji: '👍',
    messageId: '-Nm1',
    text: 'see you at 8?',
    kind: 'text',
    at: 2000,
  };

  it('reads a deleted last message and a reaction notice', () => {
    const deleted = { ...stored, lastKind: 'deleted', lastText: '' };
    expect(parseInboxEntry('direct', 'r1', deleted)).toMatchObject({ lastKind: 'deleted' });
    expect(parseInboxEntry('group', 'g1', { ...stored, reaction })?.reaction).toEqual(reaction);
    const photo = { ...reaction, kind: 'image', text: '' };
    expect(parseInboxEntry('direct', 'r1', { ...stored, reaction: photo })?.reaction).toEqual(
      photo,
    );
  });

  it('keeps the entry when its notice cannot be read, and old entries without one', () => {
    for (const broken of [null, 'x', { ...reaction, at: 'now' }, { ...reaction, kind: 'video' }]) {
      const parsed = parseInboxEntry('direct', 'r1', { ...stored, reaction: broken });
      expect(parsed).toEqual({ conversationId: 'r1', kind: 'direct', ...stored });
    }
    expect(parseInboxEntry('direct', 'r1', stored)).not.toHaveProperty('reaction');
  });
});

describe('parseInboxEntry with a cover (delete for me of the last message)', () => {
  const shown = { messageId: '-Nm0', senderId: 'bob', text: 'Hi', kind: 'text', at: 900 };

  it('reads the message shown instead, or nothing; shownLast uses it only over the last one', () => {
    const covered = parseInboxEntry('direct', 'r1', {
      ...stored,
      cover: { over: '-Nm1', ...shown },
    });
    expect(covered?.cover).toEqual({ over: '-Nm1', shown });
    expect(covered && shownLast(covered)).toEqual(shown);
    const bare = parseInboxEntry('group', 'g1', { ...stored, cover: { over: '-Nm1' } });
    expect(bare?.cover).toEqual({ over: '-Nm1', shown: null });
    expect(bare && shownLast(bare)).toBeNull();
    // A newer message since: the cover is stale, the entry's own last message shows.
    const stale = parseInboxEntry('direct', 'r1', { ...stored, cover: { over: '-Nm0' } });
    expect(stale && shownLast(stale)).toEqual({
      messageId: '-Nm1',
      senderId: 'bob',
      text: 'Hi',
      kind: 'text',
      at: 1234,
    });
  });

  it('keeps the entry without a cover it cannot read', () => {
    for (const broken of [
      'x',
      { over: 5 },
      { over: '-Nm1', ...shown, kind: 'video' },
      { over: '-Nm1', messageId: '-Nm0' },
    ]) {
      const parsed = parseInboxEntry('direct', 'r1', { ...stored, cover: broken });
      expect(parsed).toEqual({ conversationId: 'r1', kind: 'direct', ...stored });
    }
  });
});

describe('parseReadMarker', () => {
  it('reads a marker and refuses anything else', () => {
    expect(parseReadMarker({ at: 5, messageId: '-Nm1' })).toEqual({ at: 5, messageId: '-Nm1' });
    expect(parseReadMarker({ at: '5', messageId: '-Nm1' })).toBeNull();
    expect(parseReadMarker(null)).toBeNull();
  });
});

describe('directSendWrite', () => {
  it('writes the message, counts one for the receiver and summarises it for both', () => {
    const now = { '.sv': 'timestamp' };
    const plusOne = { '.sv': { increment: 1 } };
    const parties = {
      conversationId: 'r1',
      from: { uid: 'a', name: 'Al' },
      to: { uid: 'b', name: 'Bo' },
    };
    const update = directSendWrite(parties, '-Nm1', 'Hello', { now, plusOne });
    expect(update['sendMessage/r1/-Nm1']).toEqual({
      message: 'Hello',
      messagesenderId: 'a',
      massagesenderName: 'Al',
      messagereceiverId: 'b',
      messagereceiverName: 'Bo',
      createdAt: now,
    });
    expect(update['inbox/b/r1/unread']).toBe(plusOne);
    expect(update['inbox/a/r1/unread']).toBeUndefined();
    for (const uid of ['a', 'b']) {
      expect(update[`inbox/${uid}/r1/lastMessageId`]).toBe('-Nm1');
      expect(update[`inbox/${uid}/r1/lastSenderId`]).toBe('a');
      expect(update[`inbox/${uid}/r1/lastText`]).toBe('Hello');
      expect(update[`inbox/${uid}/r1/lastKind`]).toBe('text');
      expect(update[`inbox/${uid}/r1/lastAt`]).toBe(now);
    }
    expect(Object.keys(update)).toHaveLength(12);
  });
});

describe('totalUnread', () => {
  it('adds the counts of the given conversations only', () => {
    const inbox = parseInbox('direct', { r1: stored, r2: { ...stored, unread: 2 }, r3: stored });
    expect(totalUnread(inbox, ['d:r1', 'd:r2', 'd:gone', 'g:r1'])).toBe(5);
    expect(totalUnread(inbox, [])).toBe(0);
  });
});
