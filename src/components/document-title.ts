import { useEffect } from 'react';
import { componentsStrings } from './components-strings';
import { setFaviconCount } from './favicon-count';

// The tab title is "<count> <screen> · Chatty": the screen sets its part, any component may
// add a count (e.g. unread messages). Kept here so the two never overwrite each other.
let screen = '';
const counts = new Map<symbol, number>();

export function documentTitle(screenTitle: string, count = 0): string {
  const base = screenTitle
    ? `${screenTitle} · ${componentsStrings.app.name}`
    : componentsStrings.app.name;
  return count > 0 ? `(${count}) ${base}` : base;
}

function write() {
  let total = 0;
  for (const count of counts.values()) total += count;
  document.title = documentTitle(screen, total);
  setFaviconCount(total);
}

/** Names the current screen in the tab title while the calling component is shown. */
export function useDocumentTitle(screenTitle: string): void {
  useEffect(() => {
    screen = screenTitle;
    write();
  }, [screenTitle]);
}

/**
 * Prefixes the tab title with a count, e.g. `useTitleCount(unread)`; counts of several callers
 * add up, and a caller's count goes away with it.
 */
export function useTitleCount(count: number): void {
  useEffect(() => {
    const key = Symbol('title-count');
    counts.set(key, count);
    write();
    return () => {
      counts.delete(key);
      write();
    };
  }, [count]);
}
