import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { createMessageFocus, edgeMessage, stepToMessage } from '../message';
import type { MessageRow } from '../message';
import { rowIndexInPages, type RowsInPages } from './message-rows-in-pages';

/** A page key scrolls most of the visible height. */
const PAGE_SHARE = 0.9;
/** How often a scroll to a message not drawn yet is made again, and how many frames apart. */
const AIMS = 10;
const FRAMES_BETWEEN_AIMS = 4;

function afterFrames(frames: number, run: () => void) {
  requestAnimationFrame(() => (frames > 1 ? afterFrames(frames - 1, run) : run()));
}

/** A move that waits for older pages: to the first message, or to the one above `id`. */
type Wish = { to: 'first' } | { to: 'above'; id: string };

interface Options {
  virtuoso: RefObject<VirtuosoHandle | null>;
  shown: RowsInPages;
  pages: readonly (readonly ConversationMessage[])[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/** The drawn message nearest the top (`step` -1) or bottom (1) edge inside the view. */
function inView(scroller: HTMLElement, step: 1 | -1): string | undefined {
  const box = scroller.getBoundingClientRect();
  const shown = [...scroller.querySelectorAll<HTMLElement>('[data-message-id]')].filter((el) => {
    const at = el.getBoundingClientRect();
    return at.bottom > box.top && at.top < box.bottom;
  });
  const whole = shown.filter((el) => {
    const at = el.getBoundingClientRect();
    return at.top >= box.top && at.bottom <= box.bottom;
  });
  const pick = whole.length > 0 ? whole : shown;
  return (step < 0 ? pick.at(0) : pick.at(-1))?.dataset.messageId;
}

/**
 * Runs `run` with the message then at the `step` edge once the scroll has stopped for two
 * frames and Virtuoso has drawn a row in view (a loaded machine may take many frames for
 * either); gives up after about a second.
 */
function whenScrollSettles(scroller: HTMLElement, step: 1 | -1, run: (id: string) => void) {
  let last = Number.NaN;
  let still = 0;
  let frames = 0;
  const tick = () => {
    const top = scroller.scrollTop;
    still = top === last ? still + 1 : 0;
    last = top;
    const next = still >= 2 ? inView(scroller, step) : undefined;
    if (next !== undefined) run(next);
    else if (++frames < 60) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * The list's keys, a feed with one Tab stop: Up/Down move message to message (separators
 * skipped, older pages loaded above the first), Home to the conversation's first message
 * (loading older pages until there is none), End to the newest, Page Up/Down and Space scroll
 * a screen and the focus follows. A message outside Virtuoso's window is scrolled to and
 * focused once drawn.
 */
export function useMessageKeys({
  virtuoso,
  shown,
  pages,
  hasOlder,
  loadingOlder,
  loadOlder,
}: Options) {
  const [focus] = useState(createMessageFocus);
  useLayoutEffect(() => focus.loaded(pages, !hasOlder), [focus, pages, hasOlder]);
  useEffect(() => () => focus.dispose(), [focus]);

  const now = useRef({ shown, pages, hasOlder, loadingOlder });
  useLayoutEffect(() => {
    now.current = { shown, pages, hasOlder, loadingOlder };
  });

  /**
   * Scrolls to message `id` until it is drawn and focused: a page prepended in the same render
   * is kept in place by Virtuoso once measured, which would undo a single scroll.
   */
  const scrollTo = useCallback(
    (id: string, align: 'start' | 'center' | 'end') => {
      let tries = AIMS;
      const aim = () => {
        if (!focus.isWaiting(id)) return;
        const { rows } = now.current.shown;
        let index = rowIndexInPages(now.current.shown, id);
        // From above, the separators over it show too (Home: the first day's).
        while (align === 'start' && index > 0 && rows[index - 1].kind !== 'message') index -= 1;
        if (index >= 0) virtuoso.current?.scrollToIndex({ index, align });
        tries -= 1;
        // Not drawn after the last aim: the wait ends, so no later scroll moves the focus.
        if (tries > 0) afterFrames(FRAMES_BETWEEN_AIMS, aim);
        else afterFrames(FRAMES_BETWEEN_AIMS * 2, () => focus.forget(id));
      };
      aim();
    },
    [focus, virtuoso],
  );

  const go = useCallback(
    (index: number, align: 'start' | 'center' | 'end') => {
      const row = now.current.shown.rows[index] as MessageRow | undefined;
      if (row?.kind !== 'message') return;
      if (!focus.focus(row.key)) scrollTo(row.key, align);
    },
    [focus, scrollTo],
  );

  // The move waiting for older pages, and how many pages there were when it asked for more:
  // a load that brought none (it failed) ends the wait.
  const wish = useRef<{ wish: Wish; asked: number } | null>(null);
  const resume = useCallback(() => {
    const waiting = wish.current;
    const { shown: rows, pages: loaded, hasOlder: more, loadingOlder: loading } = now.current;
    if (!waiting || loading) return;
    if (waiting.wish.to === 'above') {
      const to = stepToMessage(rows.rows, rowIndexInPages(rows, waiting.wish.id), -1);
      if (to >= 0) {
        wish.current = null;
        go(to, 'start');
        return;
      }
    } else if (!more) {
      wish.current = null;
      go(edgeMessage(rows.rows, 'first'), 'start');
      return;
    }
    if (!more || waiting.asked === loaded.length) {
      wish.current = null;
      return;
    }
    waiting.asked = loaded.length;
    loadOlder();
  }, [go, loadOlder]);
  useEffect(resume, [resume, pages, hasOlder, loadingOlder]);

  /** The current message (the list's Tab stop), scrolled to when not drawn. */
  const focusCurrent = useCallback(() => {
    const id = focus.current();
    if (id !== null && !focus.focus(id)) scrollTo(id, 'center');
  }, [focus, scrollTo]);

  const onKey = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      const scroller = event.currentTarget;
      const id = target.dataset.messageId;
      // Keys typed into a control inside a message (a link, a chip) keep their own meaning.
      if (target !== scroller && id === undefined) return;
      const { rows } = now.current.shown;
      const at = id === undefined ? -1 : rowIndexInPages(now.current.shown, id);
      const waitFor = (next: Wish) => {
        wish.current = { wish: next, asked: -1 };
        resume();
      };
      switch (event.key) {
        case 'ArrowUp':
        case 'ArrowDown': {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          wish.current = null;
          if (at < 0) {
            focusCurrent();
            break;
          }
          const to = stepToMessage(rows, at, step);
          if (to >= 0) go(to, step < 0 ? 'start' : 'end');
          else if (step < 0 && id !== undefined) waitFor({ to: 'above', id });
          break;
        }
        case 'Home':
          waitFor({ to: 'first' });
          break;
        case 'End':
          wish.current = null;
          go(edgeMessage(rows, 'last'), 'end');
          break;
        case 'PageUp':
        case 'PageDown':
        case ' ': {
          const step = event.key === 'PageUp' || (event.key === ' ' && event.shiftKey) ? -1 : 1;
          wish.current = null;
          scroller.scrollBy({ top: step * scroller.clientHeight * PAGE_SHARE });
          // Virtuoso draws the rows of the new place in its next render: the message then at
          // the edge scrolled towards takes the focus, so it never stays on a row taken away.
          whenScrollSettles(scroller, step, (next) => focus.focus(next));
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    },
    [focus, focusCurrent, go, resume],
  );

  return { focus, focusCurrent, onKey };
}
