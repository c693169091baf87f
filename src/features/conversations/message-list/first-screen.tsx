import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createMessageFocus, type MessageRow } from '../message';
import { rowContent } from './message-list-items';
import { MessageItem, type ListContext } from './virtuoso-parts';

/**
 * A one-line message inside a run (px): how many rows cover the window, taller than the list
 * (its header and the composer take some); a day separator (36 px) comes once a day at most.
 */
const SHORTEST_ROW = 44;
/** The room the list leaves above and below its rows (px: its header's and footer's, h-3). */
const GAP = 12;

/**
 * The newest rows, drawn at once where the list will show them while Virtuoso places itself:
 * started at its last row, it draws nothing for four animation frames and a scroll (a third
 * of a chat's opening at 4x CPU). Their heights, measured before the first paint, become the
 * list's estimates (`onMeasured`, one per row), so the list draws them where they already are,
 * in the render that removes these (MessageList.tsx). Inert and hidden from assistive
 * technology, with a focus of their own: the list's roving focus never sees them.
 */
export function FirstScreen({
  rows,
  firstItemIndex,
  context,
  otherHeight,
  onMeasured,
}: {
  /** Every row of the list, oldest first. */
  rows: readonly MessageRow[];
  /** The list's `firstItemIndex`: these rows carry the indexes Virtuoso gives them. */
  firstItemIndex: number;
  context: ListContext;
  /** The estimate for the rows not drawn here. */
  otherHeight: number;
  onMeasured: (heights: number[]) => void;
}) {
  const [count] = useState(() => Math.ceil(window.innerHeight / SHORTEST_ROW));
  const from = Math.max(rows.length - count, 0);
  const [focus] = useState(createMessageFocus);
  useEffect(() => () => focus.dispose(), [focus]);
  const own = useMemo(() => ({ ...context, focus }), [context, focus]);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const measured = useRef(false);

  // Bottom-aligned, as the list is at its newest row, and beside the same scrollbar; a
  // conversation shorter than the screen starts at the top, with none. Set on the element
  // before each paint, and measured once the box has a size (a phone shows the chat later).
  useLayoutEffect(() => {
    const el = box.current;
    const feed = list.current;
    if (!el || !feed) return;
    const align = (observed: boolean) => {
      const fits = from === 0 && feed.offsetHeight + 2 * GAP <= el.clientHeight;
      el.style.justifyContent = fits ? 'flex-start' : 'flex-end';
      el.style.scrollbarGutter = fits ? 'auto' : 'stable';
      if (measured.current || el.clientHeight === 0) return;
      measured.current = true;
      const drawn = [...feed.children].map((row) => (row as HTMLElement).offsetHeight);
      const heights = [...Array<number>(from).fill(otherHeight), ...drawn];
      // Before the list reads its viewport (a frame later): a layout effect's update is
      // rendered before the paint; an observer's is flushed.
      if (observed) flushSync(() => onMeasured(heights));
      else onMeasured(heights);
    };
    align(false);
    const observer = new ResizeObserver(() => align(true));
    observer.observe(el);
    observer.observe(feed);
    return () => observer.disconnect();
  }, [from, otherHeight, onMeasured]);

  return (
    <div
      ref={box}
      inert
      aria-hidden
      data-first-screen
      style={{ paddingTop: GAP, paddingBottom: GAP }}
      className="absolute inset-0 flex flex-col justify-end overflow-hidden"
    >
      <div ref={list} className="shrink-0 px-5">
        {rows.slice(from).map((row, at) => (
          <MessageItem
            key={row.key}
            item={row}
            context={own}
            data-index={from + at}
            data-item-index={firstItemIndex + from + at}
            data-known-size={0}
          >
            {rowContent(from + at, row, own)}
          </MessageItem>
        ))}
      </div>
    </div>
  );
}
