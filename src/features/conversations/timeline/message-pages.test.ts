// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../lib/firebase/conversations/message';
import { message } from '../../../testing/render-with-conversation';
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
import { buildRows, findFirstUnread } from '../message/message-rows';
import {
  countAfterInPages,
  findFirstUnreadInPages,
  rowIndexInPages,
  rowsInPagesBuilder,
} from '../message-list/message-rows-in-pages';

const reduce = conversationsSlice.reducer;
/** One build with a builder of its own: earlier builds' rows come only from the page cache. */
const buildRowsInPages = (...args: Parameters<ReturnType<typeof rowsInPagesBuilder>>) =>
  rowsInPagesBuilder()(...args);
type State = ReturnType<typeof reduce>;
const key = 'd:r' as const;
const ids = (state: State) => messageSelectors.selectIds({ conversations: state });
/** Message n, alternating senders in runs of three, one a minute. */
const nth = (n: number): ConversationMessage =>
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

  it('stay as they are, with the whole state, when an answer repeats the window unchanged', () => {
    const before = loaded(1049, 20);
    // The SDK answers again with the same 50 (another listener's event, a reconnect).
    const again = reduce(
      before,
      latestReceived({ key, messages: window(1049).map((m) => ({ ...m })) }),
    );
    expect(again).toBe(before);
    // A change to one message in the window touches the tail only.
    const edited = window(1049).map((m, i) => (i === 10 ? { ...m, text: 'fixed' } : m));
    const after = reduce(before, latestReceived({ key, messages: edited }));
    expect(after.older).toBe(before.older);
    expect(after.liveIds).toBe(before.liveIds);
    expect(selectLoadedMessage({ conversations: after }, edited[10].id)?.text).toBe('fixed');
  });

  it('lose a page emptied by a refused message, and only that one', () => {
    // The window grew back over message 100 (a newer one refused), then 100 is refused too:
    // the window grows back by one more instead.
    let state = loaded(149, 1);
    state = reduce(state, latestReceived({ key, messages: window(150) }));
    expect(state.older.map((page) => page.length)).toEqual([50, 1]);
    state = reduce(state, latestReceived({ key, messages: window(149) }));
    const pagesBefore = state.older;
    state = reduce(state, latestReceived({ key, messages: [nth(99), ...range(101, 150)] }));
    expect(state.older).toHaveLength(1);
    expect(state.older[0]).toBe(pagesBefore[0]);
    expect(ids(state)).toEqual(
      range(50, 150)
        .filter((m) => m.id !== nth(100).id)
        .map((m) => m.id),
    );
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
      const { rows, pages: rowPages } = buildRowsInPages(pages, 'me', unread, NOW);
      expect(rows).toEqual(buildRows(all, 'me', unread, NOW));
      expect(rowPages.flat()).toEqual(rows);
    }
    const first = buildRowsInPages(pages, 'me', null, NOW);
    const next = buildRowsInPages([pages[0], pages[1], [...pages[2], nth(130)]], 'me', null, NOW);
    expect(next.pages[0]).toBe(first.pages[0]);
    expect(next.pages[2]).not.toBe(first.pages[2]);
    expect(next.rows[1]).toBe(first.rows[1]);
    expect(next.rows).toEqual(buildRows(range(0, 131), 'me', null, NOW));
    // A list's builder joins from its last rows' unchanged leading pages: after a prepend,
    // a removal, and a send that changes only the last page.
    const build = rowsInPagesBuilder();
    const front = range(0, 20);
    const older = build([front, ...pages.slice(1)], 'me', null, NOW);
    expect(older.rows).toEqual(buildRows([...range(0, 20), ...range(50, 130)], 'me', null, NOW));
    const fewer = build([front, pages[1]], 'me', null, NOW);
    expect(fewer.pages[0]).toBe(older.pages[0]);
    expect(fewer.rows).toEqual(buildRows([...range(0, 20), ...range(50, 100)], 'me', null, NOW));
    const sent = build([front, pages[1], range(100, 101)], 'me', null, NOW);
    expect(sent.pages[0]).toBe(fewer.pages[0]);
    expect(sent.rows).toEqual(buildRows([...range(0, 20), ...range(50, 101)], 'me', null, NOW));
    const divider = build([front, pages[1], range(100, 101)], 'me', nth(60).id, NOW);
    expect(divider.rows).toEqual(
      buildRows([...range(0, 20), ...range(50, 101)], 'me', nth(60).id, NOW),
    );
  });

  it('across days: one separator per day, runs ending at a page edge', () => {
    // A message every 5 hours: days cross page edges.
    const spread = range(0, 90).map((m, i) => ({ ...m, createdAt: i * 5 * 3_600_000 }));
    const pages = [spread.slice(0, 31), spread.slice(31, 62), spread.slice(62)];
    expect(buildRowsInPages(pages, 'me', null, NOW).rows).toEqual(
      buildRows(spread, 'me', null, NOW),
    );
  });

  it("find a row's index page by page, as a search of all rows would", () => {
    const pages = [range(0, 50), range(50, 100), range(100, 130)];
    const built = buildRowsInPages(pages, 'me', nth(101).id, NOW);
    const { rows } = built;
    for (const key of [nth(0).id, nth(49).id, nth(50).id, nth(129).id, 'unread', rows[0].key]) {
      expect(rowIndexInPages(built, key)).toBe(rows.findIndex((row) => row.key === key));
    }
    expect(rowIndexInPages(built, 'gone')).toBe(-1);
  });
});

describe('unread and counts in pages', () => {
  // Runs of three from each sender, one a minute: pages of 50, one emptied (all hidden).
  const pages = [range(0, 50), range(50, 100), [], range(100, 150), range(150, 160)];
  const all = pages.flat();

  it("find the friend's first message after any read point, as over one list", () => {
    for (const readUpTo of [null, -1, 0, 2, 49, 50, 99, 100, 140, 158, 159, 200].map((n) =>
      n === null ? null : n * 60_000,
    )) {
      expect(findFirstUnreadInPages(pages, 'me', readUpTo)).toBe(
        findFirstUnread(all, 'me', readUpTo),
      );
      expect(
        findFirstUnreadInPages(
          pages.filter((p) => p.length > 0),
          'me',
          readUpTo,
        ),
      ).toBe(findFirstUnread(all, 'me', readUpTo));
    }
    // Nothing from the friend after the read point on the pages found first: later pages.
    const mine = [range(0, 3), range(6, 9), range(12, 15), range(15, 18)];
    expect(findFirstUnreadInPages(mine, 'me', 0)).toBe(nth(15).id);
  });

  it('count the messages after one, across pages, and none without one', () => {
    expect(countAfterInPages(pages, nth(159).id)).toBe(0);
    expect(countAfterInPages(pages, nth(120).id)).toBe(39);
    expect(countAfterInPages(pages, nth(10).id)).toBe(149);
    expect(countAfterInPages(pages, null)).toBe(0);
    expect(countAfterInPages(pages, 'gone')).toBe(0);
  });
});
