// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { message } from '../../../testing/render-with-conversation';
import { createMessageFocus, edgeMessage, stepToMessage } from './message-focus';
import type { MessageRow } from './message-rows';

const row = (id: string): MessageRow => ({
  kind: 'message',
  key: id,
  message: message(id, 'bo', 1),
  mine: false,
  groupStart: true,
  groupEnd: true,
});
const rows: MessageRow[] = [
  { kind: 'day', key: 'day:1', label: 'Yesterday' },
  row('a'),
  { kind: 'day', key: 'day:2', label: 'Today' },
  { kind: 'unread', key: 'unread' },
  row('b'),
  row('c'),
];

/** A stand-in for a drawn row (connected, in no scroller), its `focus` and attributes. */
const drawnRow = () => {
  const focus = vi.fn();
  const attributes = new Map<string, string>();
  const el = {
    isConnected: true,
    focus,
    closest: () => null,
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  } as unknown as HTMLElement;
  return { el, focus, attributes };
};

describe('moving between messages', () => {
  it('skips day separators and the unread divider, and stops at the ends', () => {
    expect(stepToMessage(rows, 1, 1)).toBe(4);
    expect(stepToMessage(rows, 4, -1)).toBe(1);
    expect(stepToMessage(rows, 1, -1)).toBe(-1);
    expect(stepToMessage(rows, 5, 1)).toBe(-1);
    expect(edgeMessage(rows, 'first')).toBe(1);
    expect(edgeMessage(rows, 'last')).toBe(5);
    expect(edgeMessage([rows[0]], 'last')).toBe(-1);
  });
});

describe('the roving focus', () => {
  const pages = [[message('a', 'bo', 1)], [message('b', 'bo', 2), message('c', 'me', 3)]];

  it('makes the newest message current until one is focused; a message gone hands it back', () => {
    const focus = createMessageFocus();
    focus.loaded(pages, false);
    expect(focus.current()).toBe('c');
    focus.focused('a', false);
    expect(focus.current()).toBe('a');
    expect(focus.isEntered('a')).toBe(false);
    // Deleted for me: the newest is current again.
    focus.loaded([[], pages[1]], false);
    expect(focus.current()).toBe('c');
  });

  it('writes the places on the drawn rows; the size is unknown while older pages are left', () => {
    const focus = createMessageFocus();
    const b = drawnRow();
    focus.drawn('b', b.el);
    focus.loaded(pages, false);
    expect([focus.position('a'), focus.position('b'), focus.position('c')]).toEqual([1, 2, 3]);
    expect(focus.position('zz')).toBe(0);
    expect(Object.fromEntries(b.attributes)).toEqual({
      'aria-posinset': '2',
      'aria-setsize': '-1',
    });
    // The last page came: the size is known; a page loaded above moves every place down.
    focus.loaded(pages, true);
    expect(b.attributes.get('aria-setsize')).toBe('3');
    focus.loaded([[message('z', 'bo', 0)], ...pages], true);
    expect(Object.fromEntries(b.attributes)).toEqual({
      'aria-posinset': '3',
      'aria-setsize': '4',
    });
  });

  it('places the newest rows of a long chat without reading the pages above them', () => {
    // Paged back to its start: 200 pages above the newest one, each counting its index builds.
    let read = 0;
    const older = Array.from({ length: 200 }, (_, p) => {
      const page = Array.from({ length: 50 }, (_, i) => message(`m${String(p * 50 + i)}`, 'bo', 1));
      return Object.defineProperty(page, 'map', {
        value: (...args: Parameters<typeof page.map>) => {
          read += 1;
          return Array.prototype.map.apply(page, args);
        },
      });
    });
    const newest = [message('n1', 'me', 2), message('n2', 'me', 3)];
    const focus = createMessageFocus();
    const row = drawnRow();
    focus.drawn('n1', row.el);
    focus.loaded([...older, newest], true);
    // A send: the newest page grows, the rows drawn take their places again.
    focus.loaded([...older, [...newest, message('n3', 'me', 4)]], true);
    focus.drawn('n3', drawnRow().el);
    expect(Object.fromEntries(row.attributes)).toEqual({
      'aria-posinset': '10001',
      'aria-setsize': '10003',
    });
    expect(focus.position('n3')).toBe(10_003);
    expect(read).toBe(0);
    // An older message's place is still found.
    expect(focus.position('m0')).toBe(1);
  });

  it('keeps the scroller a Tab stop only while the current message is not drawn', () => {
    const focus = createMessageFocus();
    const scroller = { tabIndex: -1 } as HTMLElement;
    focus.scrollerAt(scroller);
    focus.loaded(pages, true);
    expect(scroller.tabIndex).toBe(0);
    const undraw = focus.drawn('c', drawnRow().el);
    expect(scroller.tabIndex).toBe(-1);
    // Another message focused, not drawn (scrolled away since): the box is the stop again.
    focus.focused('a', false);
    expect(scroller.tabIndex).toBe(0);
    focus.focused('c', false);
    undraw();
    expect(scroller.tabIndex).toBe(0);
  });

  it('enters a message by Tab or a click inside it, and leaves it', () => {
    const focus = createMessageFocus();
    focus.loaded(pages, true);
    const heard = vi.fn();
    focus.subscribe(heard);
    focus.focused('b', true);
    expect(focus.isEntered('b')).toBe(true);
    expect(focus.current()).toBe('b');
    focus.leave('a');
    expect(focus.isEntered('b')).toBe(true);
    focus.leave('b');
    expect(focus.isEntered('b')).toBe(false);
    focus.enter('c');
    expect(focus.isEntered('c')).toBe(true);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('knows whether the current message is drawn, and focuses a message asked for once drawn', () => {
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => {
      run();
      return 0;
    });
    vi.stubGlobal('document', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
    try {
      const focus = createMessageFocus();
      focus.loaded(pages, true);
      expect(focus.currentDrawn()).toBe(false);
      const c = drawnRow();
      const undraw = focus.drawn('c', c.el);
      expect(focus.currentDrawn()).toBe(true);
      expect(focus.focus('c')).toBe(true);
      expect(c.focus).toHaveBeenCalledWith({ preventScroll: true });

      // Not drawn: focused when it is, once.
      expect(focus.focus('a')).toBe(false);
      expect(focus.isWaiting('a')).toBe(true);
      const a = drawnRow();
      focus.drawn('a', a.el);
      expect(a.focus).toHaveBeenCalledOnce();
      focus.drawn('a', a.el);
      expect(a.focus).toHaveBeenCalledOnce();
      // Asked for and never drawn: forgotten, so a later scroll to it moves no focus.
      expect(focus.focus('b')).toBe(false);
      focus.forget('b');
      const b = drawnRow();
      focus.drawn('b', b.el);
      expect(b.focus).not.toHaveBeenCalled();

      undraw();
      expect(focus.currentDrawn()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
