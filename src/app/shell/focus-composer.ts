import { useEffect, useRef, type RefObject } from 'react';

/** How long a chosen conversation's field may take to appear and become enabled. */
const WAIT_MS = 3000;

/**
 * Moves focus to the message field of the chat inside `box` once it can take it: a chosen
 * conversation renders (and enables its field) a moment after the click, so this watches the
 * box until the field is there, and gives up after a few seconds or when focus moves elsewhere.
 */
export function useFocusComposer(box: RefObject<HTMLElement | null>) {
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);
  return () => {
    stop.current();
    const root = box.current;
    const started = document.activeElement;
    const tryFocus = () => {
      const field = root?.querySelector<HTMLTextAreaElement>('textarea:not([disabled])');
      // The person went on with something else meanwhile: leave their focus alone.
      const moved = document.activeElement !== started && document.activeElement !== document.body;
      if (moved || !field) return moved;
      // A field still hidden (a phone's chat before it shows) does not take focus yet.
      field.focus();
      return document.activeElement === field;
    };
    // Focusing lays the page out at once (a forced layout of the whole new conversation, half
    // a second at 4x CPU): each try waits for the frame being drawn to be painted (a
    // task after the animation frame), so the layout is the paint's own, never one more.
    let frame = 0;
    let afterPaint = 0;
    const attempt = () => {
      if (frame || afterPaint) return;
      frame = window.requestAnimationFrame(() => {
        afterPaint = window.setTimeout(() => {
          frame = 0;
          afterPaint = 0;
          if (tryFocus()) stop.current();
        });
      });
    };
    // First after React has rendered the choice (the old conversation's field may be replaced).
    attempt();
    const observer = new MutationObserver(attempt);
    const timer = window.setTimeout(() => stop.current(), WAIT_MS);
    if (root) observer.observe(root, { subtree: true, childList: true, attributes: true });
    stop.current = () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(afterPaint);
      observer.disconnect();
      window.clearTimeout(timer);
    };
  };
}
