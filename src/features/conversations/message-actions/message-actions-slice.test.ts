// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { message } from '../../../testing/render-with-conversation';
import {
  conversationQuotesSlice,
  highlightStarted,
  jumpEnded,
  quoteReceived,
} from '../quotes/conversations-quotes-slice';
import {
  betweenReceived,
  conversationOpened,
  conversationsSlice,
  latestReceived,
  messageSelectors,
  reactionSet,
} from '../timeline/conversations-slice';
import { quoteLine, reactionChips } from './message-actions';

const key = 'd:rel' as const;
const opened = () => {
  let state = conversationsSlice.reducer(undefined, conversationOpened('rel'));
  state = conversationsSlice.reducer(
    state,
    latestReceived({ key, messages: [message('m5', 'bo', 5000), message('m6', 'me', 6000)] }),
  );
  return state;
};

describe('reaction chips', () => {
  it('keep the order emoji were first used in, people in the order they reacted', () => {
    const chips = reactionChips({
      '❤️': { bo: 30, me: 5 },
      '👍': { bo: 10 },
      '😮': {},
    });
    expect(chips).toEqual([
      {
        emoji: '❤️',
        people: [
          ['me', 5],
          ['bo', 30],
        ],
      },
      { emoji: '👍', people: [['bo', 10]] },
    ]);
    expect(reactionChips(undefined)).toEqual([]);
  });
});

describe('quote line', () => {
  it("is the first line of a text, 'Photo' for a photo, or says it was deleted", () => {
    expect(quoteLine(message('a', 'bo', 1, 'first\nsecond'))).toBe('first');
    expect(
      quoteLine({
        ...message('b', 'bo', 1, 'x'),
        image: { id: 'b', width: 1, height: 1, caption: '' },
      }),
    ).toBe('Photo');
    expect(quoteLine({ ...message('c', 'bo', 1, ''), deleted: true })).toBe(
      'This message was deleted',
    );
  });
});

describe('the slice for reactions and jumps', () => {
  it('shows my reaction at once and takes it back, leaving no empty emoji', () => {
    let state = opened();
    const set = (on: boolean, emoji = '👍') =>
      reactionSet({ key, messageId: 'm5', emoji, uid: 'me', on, at: 7 });
    state = conversationsSlice.reducer(state, set(true));
    expect(state.entities.m5.reactions).toEqual({ '👍': { me: 7 } });
    state = conversationsSlice.reducer(state, set(true, '😂'));
    state = conversationsSlice.reducer(state, set(false));
    expect(state.entities.m5.reactions).toEqual({ '😂': { me: 7 } });
    state = conversationsSlice.reducer(state, set(false, '😂'));
    expect(state.entities.m5.reactions).toBeUndefined();
    // Another conversation's answer changes nothing.
    const other = reactionSet({
      key: 'g:rel',
      messageId: 'm5',
      emoji: '👍',
      uid: 'me',
      on: true,
      at: 1,
    });
    expect(conversationsSlice.reducer(state, other)).toBe(state);
  });

  it('adds the messages of a jump before the loaded ones, in order', () => {
    const state = conversationsSlice.reducer(
      opened(),
      betweenReceived({ key, messages: [message('m1', 'bo', 1000), message('m2', 'me', 2000)] }),
    );
    // Older than the live window: kept in the older pages (message-pages.ts), listed first.
    expect(messageSelectors.selectIds({ conversations: state })).toEqual(['m1', 'm2', 'm5', 'm6']);
  });

  it('keeps quotes read by id and jumps for the open conversation only, reset on a switch', () => {
    const reduce = conversationQuotesSlice.reducer;
    let state = reduce(undefined, conversationOpened('rel'));
    state = reduce(state, quoteReceived({ key, id: 'q', message: null }));
    state = reduce(state, quoteReceived({ key: 'd:other', id: 'r', message: null }));
    expect(state.fetched).toEqual({ q: null });
    state = reduce(state, jumpEnded({ key, id: 'q' }));
    state = reduce(state, jumpEnded({ key, id: 'q' }));
    expect(state.jump).toEqual({ id: 'q', seq: 2 });
    state = reduce(state, highlightStarted('q'));
    expect(state.highlighted).toBe('q');
    state = reduce(state, conversationOpened('other'));
    expect(state).toMatchObject({ key: 'd:other', fetched: {}, jump: null, highlighted: null });
  });
});
