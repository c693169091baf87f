import { useEffect, useRef, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { highlightEnded } from './conversations-quotes-slice';
import type { MessageRow } from './message-rows';

/** How long the message a quote led to stays highlighted. */
export const HIGHLIGHT_MS = 2000;

/**
 * Scrolls the list to the message a quote asked for (conversations-quotes-thunks.ts loaded it
 * first when it was older than the loaded ones) and ends its highlight after a moment. Rows
 * loaded for it were prepended with the list's `firstItemIndex` going down by as many, so
 * what was on screen stays put until this scroll.
 */
export function useJumpToQuoted(virtuoso: RefObject<VirtuosoHandle | null>, rows: MessageRow[]) {
  const dispatch = useAppDispatch();
  const jump = useAppSelector((state) => state.conversationQuotes.jump);
  const highlighted = useAppSelector((state) => state.conversationQuotes.highlighted);
  const done = useRef(0);
  useEffect(() => {
    if (!jump || done.current === jump.seq) return;
    const index = rows.findIndex((row) => row.key === jump.id);
    if (index < 0) return;
    done.current = jump.seq;
    virtuoso.current?.scrollToIndex({ index, align: 'center' });
  }, [jump, rows, virtuoso]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => dispatch(highlightEnded(highlighted)), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, highlighted, jump]);
}
