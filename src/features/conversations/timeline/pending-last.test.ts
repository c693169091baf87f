// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import type { RootState } from '../../../store/store';
import {
  conversationSendingSlice,
  sendAcked,
  sendFailed,
  sendStarted,
} from '../sending/conversations-sending-slice';
import { conversationOpened, conversationsSlice, latestReceived } from './conversations-slice';
import { selectShownPages } from './conversations-selectors';

const message = (id: string, senderId: string, createdAt: number): ConversationMessage => ({
  id,
  text: `text ${id}`,
  senderId,
  senderName: senderId,
  receiverId: 'x',
  receiverName: 'x',
  createdAt,
});

/** The chat and sending slices of one signed-in user, driven by their own reducers. */
function chat(kind: 'direct' | 'group') {
  const key = kind === 'group' ? ('g:rel' as const) : ('d:rel' as const);
  let state = {
    conversations: conversationsSlice.reducer(undefined, conversationOpened('rel', kind)),
    conversationSending: conversationSendingSlice.reducer(undefined, { type: 'init' }),
  };
  return {
    latest(messages: ConversationMessage[]) {
      state = {
        ...state,
        conversations: conversationsSlice.reducer(
          state.conversations,
          latestReceived({ key, messages }),
        ),
      };
    },
    sending(action: Parameters<typeof conversationSendingSlice.reducer>[1]) {
      state = {
        ...state,
        conversationSending: conversationSendingSlice.reducer(state.conversationSending, action),
      };
    },
    shown: () =>
      selectShownPages(state as unknown as RootState)
        .flat()
        .map((m) => m.id),
    pages: () => selectShownPages(state as unknown as RootState),
    key,
  };
}

describe.each(['direct', 'group'] as const)('my pending messages (%s)', (kind) => {
  it('stay at the bottom in the order sent until acknowledged, then take their server place', () => {
    const c = chat(kind);
    c.latest([message('a', 'friend', 10)]);
    // Sent at local estimates 20 and 21; the friend's, stored at 25, arrives before the acks.
    c.sending(sendStarted({ id: 'm1', key: c.key, text: 'text m1' }));
    c.sending(sendStarted({ id: 'm2', key: c.key, text: 'text m2' }));
    c.latest([message('a', 'friend', 10), message('m1', 'me', 20), message('m2', 'me', 21)]);
    expect(c.shown()).toEqual(['a', 'm1', 'm2']);
    c.latest([
      message('a', 'friend', 10),
      message('m1', 'me', 20),
      message('m2', 'me', 21),
      message('f', 'friend', 25),
    ]);
    expect(c.shown()).toEqual(['a', 'f', 'm1', 'm2']);
    // The first acknowledged: the server dated it 27, after the friend's; the second still last.
    c.latest([
      message('a', 'friend', 10),
      message('m2', 'me', 21),
      message('f', 'friend', 25),
      message('m1', 'me', 27),
    ]);
    c.sending(sendAcked('m1'));
    expect(c.shown()).toEqual(['a', 'f', 'm1', 'm2']);
    c.latest([
      message('a', 'friend', 10),
      message('f', 'friend', 25),
      message('m1', 'me', 27),
      message('m2', 'me', 28),
    ]);
    c.sending(sendAcked('m2'));
    expect(c.shown()).toEqual(['a', 'f', 'm1', 'm2']);
  });

  it('an acknowledged message takes the server place, even above a newer pending one', () => {
    const c = chat(kind);
    c.sending(sendStarted({ id: 'm1', key: c.key, text: 'text m1' }));
    c.sending(sendStarted({ id: 'm2', key: c.key, text: 'text m2' }));
    // Local estimates out of the order sent (the clock offset moved between the sends).
    c.latest([message('m2', 'me', 19), message('m1', 'me', 20), message('f', 'friend', 25)]);
    expect(c.shown()).toEqual(['f', 'm1', 'm2']);
    // The server dated m1 before the friend's message: there it goes once acknowledged.
    c.latest([message('m2', 'me', 19), message('m1', 'me', 22), message('f', 'friend', 25)]);
    c.sending(sendAcked('m1'));
    expect(c.shown()).toEqual(['m1', 'f', 'm2']);
  });

  it('a failed send or one to another conversation is not held at the bottom', () => {
    const c = chat(kind);
    const other = kind === 'group' ? ('d:rel' as const) : ('g:rel' as const);
    c.sending(sendStarted({ id: 'm1', key: c.key, text: 'text m1' }));
    c.sending(sendStarted({ id: 'm2', key: other, text: 'text m2' }));
    c.latest([message('m1', 'me', 20), message('m2', 'me', 21), message('f', 'friend', 25)]);
    expect(c.shown()).toEqual(['m2', 'f', 'm1']);
    c.sending(sendFailed('m1'));
    expect(c.shown()).toEqual(['m1', 'm2', 'f']);
  });

  it('keeps the same pages while nothing pending moves (rows are reused)', () => {
    const c = chat(kind);
    c.latest([message('a', 'friend', 10), message('m1', 'me', 20)]);
    const before = c.pages();
    c.sending(sendStarted({ id: 'elsewhere', key: 'd:other', text: 'x' }));
    expect(c.pages()).toBe(before);
    c.sending(sendStarted({ id: 'm1', key: c.key, text: 'text m1' }));
    // Already last: the shown tail is the stored one.
    expect(c.pages().at(-1)).toBe(before.at(-1));
  });
});
