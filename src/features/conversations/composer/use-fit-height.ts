import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** The field grows with its text up to this height (px, about five lines), then scrolls. */
const MAX_FIELD_HEIGHT = 128;

/**
 * Where CSS sizes the field to its text (`field-sizing: content`, the field's class), nothing is
 * measured: measuring forces a layout of the whole page on every keystroke and every send (a
 * traced send at 4x CPU slowdown spent 8 ms of its 50 ms to the bubble there).
 */
const sizedByCss =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');

function fitHeight(field: HTMLTextAreaElement | null) {
  if (!field) return;
  // Emptied (each send): back to its one row, with no layout forced in the send's frame.
  if (field.value === '') {
    field.style.height = '';
    return;
  }
  field.style.height = 'auto';
  field.style.height = `${String(Math.min(field.scrollHeight, MAX_FIELD_HEIGHT))}px`;
}

/** The field's height follows its text, and its width (a narrower window wraps more). */
export function useFitHeight(input: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    if (!sizedByCss) fitHeight(input.current);
  }, [text, input]);
  useEffect(() => {
    const field = input.current;
    if (sizedByCss || !field || typeof ResizeObserver === 'undefined') return;
    let width = field.clientWidth;
    const observer = new ResizeObserver(() => {
      if (field.clientWidth === width) return;
      width = field.clientWidth;
      fitHeight(field);
    });
    observer.observe(field);
    return () => observer.disconnect();
  }, [input]);
}
