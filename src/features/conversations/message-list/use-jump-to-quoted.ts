import { useEffect, useRef, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { highlightEnded, highlightStarted } from '../quotes';
import type { MessageRow } from '../message';

/** How long the message a quote led to stays highlighted. */
const HIGHLIGHT_MS = 2000;

/** Focuses the shown row of message `id` without scrolling (the jump placed it already). */
function focusRow(id: string) {
  const row = [...document.querySelectorAll<HTMLElement>('[data-message-id]')].find(
    (el) => el.dataset.messageId === id,
  );
  row?.focus({ preventScroll: true });
}

/**
 * Scrolls the list to the message a quote asked for (conversations-quotes-thunks.ts loaded it
 * first when it was older than the loaded ones) and ends its highlight after a moment. Rows
 * loaded for it were prepended with the list's `firstItemIndex` going down by as many, so
 * what was on screen stays put until this scroll. Focus then moves to the original.
 */
export function useJumpToQuoted(virtuoso: RefObject<VirtuosoHandle | null>, rows: MessageRow[]) {
  const dispatch = useAppDispatch();
  const jump = useAppSelector((state) => state.conversationQuotes.jump);
  const highlighted = useAppSelector((state) => state.conversationQuotes.highlighted);
  const done = useRef(0);
  const latestRows = useRef(rows);
  useEffect(() => {
    latestRows.current = rows;
  });
  useEffect(() => {
    if (!jump || done.current === jump.seq) return;
    const at = () => latestRows.current.findIndex((row) => row.key === jump.id);
    if (at() < 0) return;
    done.current = jump.seq;
    // Rows loaded for the jump were prepended in this same render, and the list keeps what was
    // on screen in place once it has measured them: aim after that, not before (it would undo
    // the scroll). The rows around it are measured once drawn, which moves it a little: aim
    // again then, and highlight it only where it stays.
    let frame = 0;
    const after = (frames: number, then: () => void) => {
      frame = requestAnimationFrame(() => (frames > 1 ? after(frames - 1, then) : then()));
    };
    const aim = () => {
      const index = at();
      if (index >= 0) virtuoso.current?.scrollToIndex({ index, align: 'center' });
    };
    aim();
    after(3, () => {
      aim();
      after(3, () => {
        aim();
        dispatch(highlightStarted(jump.id));
        // Keyboard and screen reader users land on the original, as sighted users do.
        after(1, () => focusRow(jump.id));
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [dispatch, jump, virtuoso]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => dispatch(highlightEnded(highlighted)), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, highlighted, jump]);
}
