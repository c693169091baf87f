import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import type { MessageRow } from './message-rows';

type Pages = readonly (readonly ConversationMessage[])[];

/**
 * Room kept between a focused message and the list's edges (px), so its focus ring (2 px
 * beyond a 2 px offset) is never cut by the scrolling box.
 */
const RING_ROOM = 8;

const indexes = new WeakMap<readonly ConversationMessage[], Map<string, number>>();

/** Where message `id` is in `page` (-1: not there); the page's index is built once. */
function indexIn(page: readonly ConversationMessage[], id: string): number {
  let index = indexes.get(page);
  if (!index) {
    index = new Map(page.map((message, i) => [message.id, i]));
    indexes.set(page, index);
  }
  return index.get(id) ?? -1;
}

/** The row index of the message before or after row `from` (separators skipped), or -1. */
export function stepToMessage(rows: readonly MessageRow[], from: number, step: 1 | -1): number {
  for (let at = from + step; at >= 0 && at < rows.length; at += step) {
    if (rows[at].kind === 'message') return at;
  }
  return -1;
}

/** The row index of the first or the last message, or -1 when there is none. */
export function edgeMessage(rows: readonly MessageRow[], edge: 'first' | 'last'): number {
  return edge === 'first' ? stepToMessage(rows, -1, 1) : stepToMessage(rows, rows.length, -1);
}

/**
 * Scrolls the list just enough for `el` and its focus ring to show, with the day or 'New
 * messages' separator just above it when that fits too.
 */
function reveal(el: HTMLElement): void {
  const scroller = el.closest<HTMLElement>('[data-message-scroller]');
  if (!scroller) return;
  const box = scroller.getBoundingClientRect();
  const at = el.getBoundingClientRect();
  let top = at.top;
  let before = el.closest('[data-item-index]')?.previousElementSibling;
  while (before?.hasAttribute('data-separator')) {
    const separatorTop = before.getBoundingClientRect().top;
    if (at.bottom + RING_ROOM - separatorTop > box.height) break;
    top = separatorTop;
    before = before.previousElementSibling;
  }
  const above = top - RING_ROOM - box.top;
  const below = at.bottom + RING_ROOM - box.bottom;
  // Taller than the list: its top shows.
  if (above < 0 || at.height + 2 * RING_ROOM > box.height) scroller.scrollBy({ top: above });
  else if (below > 0) scroller.scrollBy({ top: below });
}

/**
 * The message list's roving focus, outside React so that a move re-renders the two rows it
 * concerns, not every row (rows read it with useSyncExternalStore):
 * - the current message, the list's one Tab stop (tabindex 0): the one last focused, else
 *   the newest;
 * - the message whose own controls (chips, quote, links, photo, toolbar) are in the Tab order,
 *   'entered' with Tab, left with Escape or by leaving it;
 * - the rows in the DOM (Virtuoso draws only those near the view), so a message scrolled to
 *   is focused as soon as it is drawn.
 * It writes two things on the DOM itself, as they change with every message: each drawn
 * row's place among the loaded ones (aria-posinset) and their count (aria-setsize, -1 while
 * older pages are left), and the scroller's tabindex (the Tab stop only while the current
 * message is not drawn). Through React, a send re-rendered every drawn row for its new
 * aria-setsize, and the scroller twice.
 */
export function createMessageFocus() {
  let chosen: string | null = null;
  let newest: string | null = null;
  let entered: string | null = null;
  let waiting: string | null = null;
  let pages: Pages = [];
  let complete = false;
  let total = 0;
  let scroller: HTMLElement | null = null;
  const drawn = new Map<string, HTMLElement>();
  const listeners = new Set<() => void>();

  const current = () => chosen ?? newest;
  const currentDrawn = () => {
    const id = current();
    return id !== null && drawn.has(id);
  };
  // Newest page first: the drawn rows of a chat being written in are the newest, and paged
  // back to its start a long chat has hundreds of pages above them.
  const position = (id: string): number => {
    let before = total;
    for (let p = pages.length - 1; p >= 0; p--) {
      before -= pages[p].length;
      const at = indexIn(pages[p], id);
      if (at >= 0) return before + at + 1;
    }
    return 0;
  };
  const size = () => (complete ? total : -1);
  const write = (el: HTMLElement, name: string, value: string) => {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  };
  const place = (id: string, el: HTMLElement) => {
    const at = position(id);
    if (at === 0) return;
    write(el, 'aria-posinset', String(at));
    write(el, 'aria-setsize', String(size()));
  };
  const syncStop = () => {
    if (scroller) scroller.tabIndex = currentDrawn() ? -1 : 0;
  };
  const emit = () => {
    syncStop();
    for (const listener of listeners) listener();
  };
  const focusNow = (el: HTMLElement) => {
    el.focus({ preventScroll: true });
    reveal(el);
  };
  const stopWaiting = (event: FocusEvent) => {
    const target = event.target as Element | null;
    if (!target?.closest('[data-message-scroller]')) waiting = null;
  };

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    current,
    isCurrent: (id: string) => current() === id,
    isEntered: (id: string) => entered === id,
    currentDrawn,
    position,
    size,

    /** The list's scrolling box: its tabindex is kept here. Returns its detaching. */
    scrollerAt: (el: HTMLElement) => {
      scroller = el;
      syncStop();
      return () => {
        if (scroller === el) scroller = null;
      };
    },
    /** The loaded messages changed: places, the newest, a current message now gone. */
    loaded: (next: Pages, nextComplete: boolean) => {
      if (next === pages && nextComplete === complete) return;
      pages = next;
      complete = nextComplete;
      total = next.reduce((sum, page) => sum + page.length, 0);
      for (const [id, el] of drawn) place(id, el);
      const was = current();
      newest = next.findLast((page) => page.length > 0)?.at(-1)?.id ?? null;
      if (chosen !== null && position(chosen) === 0) chosen = null;
      if (current() !== was) emit();
    },
    /** A message, or a control inside it, got the focus: it is the current one now. */
    focused: (id: string, insideControl: boolean) => {
      const was = { chosen, entered };
      chosen = id;
      if (insideControl) entered = id;
      if (was.chosen !== chosen || was.entered !== entered) emit();
    },
    /** Tab puts the message's controls in the Tab order; Escape or leaving it takes them out. */
    enter: (id: string) => {
      if (entered === id) return;
      entered = id;
      emit();
    },
    leave: (id: string) => {
      if (entered !== id) return;
      entered = null;
      emit();
    },

    /** Row `id` is drawn (`el`): focused at once if it was asked for. Returns its undrawing. */
    drawn: (id: string, el: HTMLElement) => {
      drawn.set(id, el);
      place(id, el);
      syncStop();
      if (waiting === id) {
        // After Virtuoso placed it (it measures the rows it draws in a layout effect); a row
        // drawn for a moment only (the list still settling a prepend) keeps the wait.
        requestAnimationFrame(() => {
          if (waiting !== id || !el.isConnected) return;
          waiting = null;
          document.removeEventListener('focusin', stopWaiting, true);
          focusNow(el);
        });
      }
      return () => {
        if (drawn.get(id) !== el) return;
        drawn.delete(id);
        syncStop();
      };
    },
    /**
     * Focuses message `id` if it is drawn (true); otherwise it is focused once drawn, unless
     * the focus goes elsewhere first (the caller scrolls the list to it).
     */
    focus: (id: string): boolean => {
      const el = drawn.get(id);
      document.removeEventListener('focusin', stopWaiting, true);
      if (el?.isConnected) {
        waiting = null;
        focusNow(el);
        return true;
      }
      waiting = id;
      document.addEventListener('focusin', stopWaiting, true);
      return false;
    },
    /** Message `id` was asked for and is not focused yet. */
    isWaiting: (id: string) => waiting === id,
    /** Message `id` is no longer waited for (it never came into view). */
    forget: (id: string) => {
      if (waiting !== id) return;
      waiting = null;
      document.removeEventListener('focusin', stopWaiting, true);
    },
    /** The list is gone: nothing waits for a row any more. */
    dispose: () => {
      waiting = null;
      document.removeEventListener('focusin', stopWaiting, true);
    },
  };
}

export type MessageFocus = ReturnType<typeof createMessageFocus>;
