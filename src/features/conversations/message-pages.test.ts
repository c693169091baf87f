// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../lib/firebase/conversations-message';
import { message } from '../../testing/render-with-chat';
import {
  betweenReceived,
  conversationOpened,
  conversationsSlice,
  latestReceived,
  MESSAGE_PAGE_SIZE,
  messageSelectors,
  olderReceived,
  olderRequested,
  reactionSet,
  selectLoadedMessage,
} from './conversations-slice';
import { buildRows, buildRowsInPages } from './message-rows';

const reduce = conversationsSlice.reducer;
type State = ReturnType<typeof reduce>;
const key = 'd:r' as const;
const ids = (state: State) => messageSelectors.selectIds({ conversations: state });
/** Message n, alternating senders in runs of three, one a minute. */
const nth = (n: number): ChatMessage =>
  message(`m${String(n).padStart(6, '0')}`, Math.floor(n / 3) % 2 ? 'bo' : 'me', n * 60_000);
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => nth(from + i));
const window = (newest: number) => range(newest - MESSAGE_PAGE_SIZE + 1, newest + 1);

/** The conversation with its newest page live and `pages` older pages loaded. */
function loaded(newest: number, pages: number): State {
  let state = reduce(undefined, conversationOpened('r'));
  state = reduce(state, latestReceived({ key, messages: window(newest) }));
  let oldest = newest - MESSAGE_PAGE_SIZE + 1;
  for (let p = 0; p < pages; p++) {
    state = reduce(state, olderRequested());
    state = reduce(
      state,
      olderReceived({ key, messages: range(oldest - MESSAGE_PAGE_SIZE, oldest) }),
    );
    oldest -= MESSAGE_PAGE_SIZE;
  }
  return state;
}

describe('older pages', () => {
  it('hold every loaded message in order, the live window apart', () => {
    const state = loaded(1049, 20);
    expect(state.older).toHaveLength(20);
    expect(state.ids).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(ids(state)).toEqual(range(0, 1050).map((m) => m.id));
    expect(messageSelectors.selectTotal({ conversations: state })).toBe(1050);
    expect(messageSelectors.selectOldest({ conversations: state })?.id).toBe(nth(0).id);
    expect(selectLoadedMessage({ conversations: state }, nth(7).id)).toEqual(nth(7));
  });

  it('are not copied by a new message: only the newest page takes what leaves the window', () => {
    const before = loaded(1049, 20);
    const after = reduce(before, latestReceived({ key, messages: window(1050) }));
    // Every page but the newest is the very same array; the one that left the window joined it.
    expect(after.older.slice(0, 20).every((page, i) => page === before.older[i])).toBe(true);
    expect(after.older).toHaveLength(21);
    expect(after.older[20].map((m) => m.id)).toEqual([nth(1000).id]);
    const next = reduce(after, latestReceived({ key, messages: window(1051) }));
    expect(next.older.slice(0, 20).every((page, i) => page === before.older[i])).toBe(true);
    expect(next.older[20].map((m) => m.id)).toEqual([nth(1000).id, nth(1001).id]);
    expect(ids(after)).toEqual(range(0, 1051).map((m) => m.id));
  });

  it('start a new page once the newest is full, so no page grows past a page', () => {
    let state = loaded(99, 1);
    for (let n = 100; n < 100 + MESSAGE_PAGE_SIZE * 2 + 3; n++) {
      state = reduce(state, latestReceived({ key, messages: window(n) }));
    }
    expect(Math.max(...state.older.map((page) => page.length))).toBeLessThanOrEqual(
      MESSAGE_PAGE_SIZE,
    );
    expect(ids(state)).toEqual(range(0, 100 + MESSAGE_PAGE_SIZE * 2 + 3).map((m) => m.id));
  });

  it('cut a jump of thousands into pages, and fill a gap in the right place', () => {
    let state = loaded(5049, 0);
    state = reduce(state, betweenReceived({ key, messages: range(0, 5000) }));
    expect(state.older).toHaveLength(5000 / MESSAGE_PAGE_SIZE);
    expect(ids(state)).toEqual(range(0, 5050).map((m) => m.id));
    // One missing from the middle comes back where it belongs.
    const gap = reduce(loaded(199, 0), betweenReceived({ key, messages: range(0, 150) }));
    const without = {
      ...gap,
      older: gap.older.map((page) => page.filter((m) => m.id !== nth(70).id)),
    };
    const again = reduce(without, betweenReceived({ key, messages: [nth(70)] }));
    expect(ids(again)).toEqual(range(0, 200).map((m) => m.id));
  });

  it('take a reaction on an old message by copying only its page', () => {
    const before = loaded(1049, 20);
    const target = nth(60);
    const after = reduce(
      before,
      reactionSet({ key, messageId: target.id, emoji: '👍', uid: 'me', on: true, at: 5 }),
    );
    expect(selectLoadedMessage({ conversations: after }, target.id)?.reactions).toEqual({
      '👍': { me: 5 },
    });
    const changed = after.older.filter((page, i) => page !== before.older[i]);
    expect(changed).toHaveLength(1);
  });

  it('keep a message the window grows back over where it is (a newer one refused)', () => {
    let state = loaded(149, 1);
    state = reduce(state, latestReceived({ key, messages: window(150) }));
    expect(state.older.at(-1)?.at(-1)?.id).toBe(nth(100).id);
    // The newest is refused: the window is back to 100..149.
    state = reduce(state, latestReceived({ key, messages: window(149) }));
    expect(ids(state)).toEqual(range(50, 150).map((m) => m.id));
    expect(state.older.at(-1)?.at(-1)?.id).toBe(nth(100).id);
  });
});

describe('rows in pages', () => {
  const NOW = 40 * 86_400_000;
  it('are the rows of the whole list, and reuse an unchanged page', () => {
    const pages = [range(0, 50), range(50, 100), range(100, 130)];
    const all = pages.flat();
    for (const unread of [null, nth(50).id, nth(101).id]) {
      expect(buildRowsInPages(pages, 'me', unread, NOW)).toEqual(buildRows(all, 'me', unread, NOW));
    }
    const first = buildRowsInPages(pages, 'me', null, NOW);
    const next = buildRowsInPages([pages[0], pages[1], [...pages[2], nth(130)]], 'me', null, NOW);
    expect(next.slice(0, 50)).toEqual(first.slice(0, 50));
    expect(next[1]).toBe(first[1]);
    expect(next).toEqual(buildRows(range(0, 131), 'me', null, NOW));
  });

  it('across days: one separator per day, runs ending at a page edge', () => {
    // A message every 5 hours: days cross page edges.
    const spread = range(0, 90).map((m, i) => ({ ...m, createdAt: i * 5 * 3_600_000 }));
    const pages = [spread.slice(0, 31), spread.slice(31, 62), spread.slice(62)];
    expect(buildRowsInPages(pages, 'me', null, NOW)).toEqual(buildRows(spread, 'me', null, NOW));
  });
});
