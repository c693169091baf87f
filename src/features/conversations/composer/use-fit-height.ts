import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** The field grows with its text up to this height (px, about five lines), then scrolls. */
const MAX_FIELD_HEIGHT = 128;

function fitHeight(field: HTMLTextAreaElement | null) {
  if (!field) return;
  field.style.height = 'auto';
  field.style.height = `${String(Math.min(field.scrollHeight, MAX_FIELD_HEIGHT))}px`;
}

/** The field's height follows its text, and its width (a narrower window wraps more). */
export function useFitHeight(input: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => fitHeight(input.current), [text, input]);
  useEffect(() => {
    const field = input.current;
    if (!field || typeof ResizeObserver === 'undefined') return;
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
