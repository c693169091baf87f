import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { dayKey } from '../message';
import { findFirstUnread, pageRows, type MessageRow } from '../message';

/**
 * The message list's rows over the loaded pages (oldest first, the live tail last). Each send
 * rebuilds this, so nothing here walks every loaded message: a page's rows are built once and
 * kept, lookups go page by page, and only the flat array Virtuoso reads is copied.
 */

type Pages = readonly (readonly ConversationMessage[])[];

export interface RowsInPages {
  /** Every row, oldest first: what the list shows. */
  rows: MessageRow[];
  /** The same rows per non-empty page; a page's array is reused while the page is unchanged. */
  pages: readonly (readonly MessageRow[])[];
}

interface CachedRows {
  before: ConversationMessage | undefined;
  after: ConversationMessage | undefined;
  me: string;
  firstUnreadId: string | null;
  today: string;
  rows: MessageRow[];
}

const cachedRows = new WeakMap<readonly ConversationMessage[], CachedRows>();

interface LastBuild {
  shown: Pages;
  me: string;
  firstUnreadId: string | null;
  today: string;
  out: MessageRow[][];
  rows: MessageRow[];
}

/**
 * A list's row builder: `buildRows` over pages without rebuilding the pages that did not
 * change. Each page's rows are kept while the page, its neighbours' edge messages, the divider
 * and the day stay the same, so a new message costs the rows of its own page, not of all
 * loaded. The last build is kept by the builder, so it goes with the list that made it (no
 * module keeps a signed-out user's messages).
 */
export function rowsInPagesBuilder() {
  let last: LastBuild = { shown: [], me: '', firstUnreadId: null, today: '', out: [], rows: [] };
  return (
    pages: Pages,
    me: string,
    firstUnreadId: string | null,
    now: number = Date.now(),
  ): RowsInPages => {
    const today = dayKey(now);
    const shown = pages.filter((page) => page.length > 0);
    const sameContext =
      last.me === me && last.firstUnreadId === firstUnreadId && last.today === today;
    const out: MessageRow[][] = [];
    for (let p = 0; p < shown.length; p++) {
      // The same page between the same neighbours as in the last build: its rows, by identity
      // alone (a send leaves all but the last page or two so).
      const unchanged =
        sameContext &&
        last.shown[p] === shown[p] &&
        last.shown[p - 1] === shown[p - 1] &&
        last.shown[p + 1] === shown[p + 1];
      out.push(unchanged ? last.out[p] : pageRowsKept(shown, p, me, firstUnreadId, now, today));
    }
    const rows = joined(last, out);
    last = { shown, me, firstUnreadId, today, out, rows };
    return { rows, pages: out };
  };
}

/** The rows of page `p` of `shown`, from the per-page cache when nothing they depend on moved. */
function pageRowsKept(
  shown: Pages,
  p: number,
  me: string,
  firstUnreadId: string | null,
  now: number,
  today: string,
): MessageRow[] {
  const page = shown[p];
  const before = shown[p - 1]?.at(-1);
  const after = shown[p + 1]?.at(0);
  const kept = cachedRows.get(page);
  if (
    kept &&
    kept.before === before &&
    kept.after === after &&
    kept.me === me &&
    kept.firstUnreadId === firstUnreadId &&
    kept.today === today
  )
    return kept.rows;
  const rows = pageRows(page, { me, firstUnreadId, now }, before, after);
  cachedRows.set(page, { before, after, me, firstUnreadId, today, rows });
  return rows;
}

/**
 * The pages' rows as one array, copying the unchanged leading pages' part of the last one in
 * one slice (at 10,000 rows: ~12 µs, against ~60 µs for `concat` and ~870 µs for `flat()`).
 */
function joined(last: LastBuild, pages: MessageRow[][]): MessageRow[] {
  let same = 0;
  let prefix = 0;
  while (same < pages.length && pages[same] === last.out[same]) {
    prefix += pages[same].length;
    same++;
  }
  const rows = last.rows.slice(0, prefix);
  for (let p = same; p < pages.length; p++) for (const row of pages[p]) rows.push(row);
  return rows;
}

const rowIndexes = new WeakMap<readonly MessageRow[], Map<string, number>>();

/**
 * Where the row keyed `key` is among all rows, or -1: one lookup per page, newest first (the
 * list's anchor is the oldest message when it opened, near the end once older pages load).
 */
export function rowIndexInPages({ rows, pages }: RowsInPages, key: string): number {
  let start = rows.length;
  for (let p = pages.length - 1; p >= 0; p--) {
    const page = pages[p];
    start -= page.length;
    let index = rowIndexes.get(page);
    if (!index) {
      index = new Map(page.map((row, i) => [row.key, i]));
      rowIndexes.set(page, index);
    }
    const at = index.get(key);
    if (at !== undefined) return start + at;
  }
  return -1;
}

/**
 * `findFirstUnread` over pages: pages are in order, so the first page with a message after
 * `readUpTo` is found by halving, and the search goes on from there.
 */
export function findFirstUnreadInPages(
  pages: Pages,
  me: string,
  readUpTo: number | null,
): string | null {
  if (readUpTo === null) return null;
  let low = 0;
  let high = pages.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const last = pages[mid].at(-1);
    // An empty page (all hidden) cannot say where it is: search from the first.
    if (!last) return scanFrom(0);
    if (last.createdAt <= readUpTo) low = mid + 1;
    else high = mid;
  }
  return scanFrom(low);

  function scanFrom(start: number): string | null {
    for (let p = start; p < pages.length; p++) {
      const found = findFirstUnread(pages[p], me, readUpTo);
      if (found) return found;
    }
    return null;
  }
}

/** How many messages came after `sinceId` (0 when it is not loaded), from the newest page. */
export function countAfterInPages(pages: Pages, sinceId: string | null): number {
  if (sinceId === null) return 0;
  let after = 0;
  for (let p = pages.length - 1; p >= 0; p--) {
    const at = pages[p].findIndex((m) => m.id === sinceId);
    if (at >= 0) return after + pages[p].length - 1 - at;
    after += pages[p].length;
  }
  return 0;
}
