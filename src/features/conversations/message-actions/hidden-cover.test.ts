// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import { coverAfterHiding } from './hidden-cover';

const said = (id: string, createdAt: number): ConversationMessage => ({
  id,
  text: `text ${id}`,
  senderId: 'me',
  senderName: 'Mia',
  receiverId: 'bo',
  receiverName: 'Bo',
  createdAt,
});
const loaded = [said('a', 1), said('b', 2), said('c', 3)];
const none = new Set<string>();

describe('what my row shows once a message is deleted for me', () => {
  it('the message before the newest, when the newest goes', () => {
    expect(coverAfterHiding(loaded, none, none, 'c')).toEqual({ over: 'c', shown: loaded[1] });
  });

  it('nothing changes when a newer message still shows, or the message is not loaded', () => {
    expect(coverAfterHiding(loaded, none, none, 'b')).toBeNull();
    expect(coverAfterHiding(loaded, none, none, 'x')).toBeNull();
    expect(coverAfterHiding([], none, none, 'c')).toBeNull();
  });

  it('skips messages deleted for me before, over the last one (hidden already)', () => {
    expect(coverAfterHiding(loaded, new Set(['c']), none, 'b')).toEqual({
      over: 'c',
      shown: loaded[0],
    });
    expect(coverAfterHiding(loaded, new Set(['b']), none, 'c')).toEqual({
      over: 'c',
      shown: loaded[0],
    });
  });

  it('nothing to show when every earlier one is gone for me', () => {
    expect(coverAfterHiding(loaded, new Set(['a', 'b']), none, 'c')).toEqual({
      over: 'c',
      shown: null,
    });
  });

  it('never shows a send the server has not stored, but a newer one keeps the row as it is', () => {
    expect(coverAfterHiding(loaded, none, new Set(['b']), 'c')).toEqual({
      over: 'c',
      shown: loaded[0],
    });
    expect(coverAfterHiding(loaded, none, new Set(['c']), 'b')).toBeNull();
  });
});
