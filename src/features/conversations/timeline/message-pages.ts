import {
  compareMessages,
  type ConversationMessage,
} from '../../../lib/firebase/conversations/shapes';

/**
 * The messages older than the live window, oldest page first, each page sorted and at most
 * about a page long. A page is never copied once full: a new message touches only the live
 * window (and, when one scrolls out of it, the newest page), so its cost does not grow with
 * what is loaded. Pages are frozen by Immer like the rest of the store.
 */
export type MessagePages = readonly (readonly ConversationMessage[])[];

/** Messages per page: the live window of the newest, and each "load older" page. */
export const MESSAGE_PAGE_SIZE = 50;
const pageSize = MESSAGE_PAGE_SIZE;

const indexes = new WeakMap<readonly ConversationMessage[], Map<string, number>>();

/** Where `id` sits in `page` (an index built once per page, as pages never change in place). */
function indexOf(page: readonly ConversationMessage[]): Map<string, number> {
  let index = indexes.get(page);
  if (!index) {
    index = new Map(page.map((m, i) => [m.id, i]));
    indexes.set(page, index);
  }
  return index;
}

/** The page and position of message `id`, newest pages first (where lookups usually land). */
export function locate(pages: MessagePages, id: string): { page: number; at: number } | null {
  for (let p = pages.length - 1; p >= 0; p--) {
    const at = indexOf(pages[p]).get(id);
    if (at !== undefined) return { page: p, at };
  }
  return null;
}

export function findInPages(pages: MessagePages, id: string): ConversationMessage | undefined {
  const where = locate(pages, id);
  return where ? pages[where.page][where.at] : undefined;
}

export const oldestInPages = (pages: MessagePages): ConversationMessage | undefined =>
  pages.at(0)?.at(0);

const counts = new WeakMap<MessagePages, number>();

/** How many messages the pages hold (counted once per state: many selectors ask). */
export function countInPages(pages: MessagePages): number {
  let count = counts.get(pages);
  if (count === undefined) {
    count = pages.reduce((sum, page) => sum + page.length, 0);
    // Only a store's pages (frozen) stay as counted; a reducer's draft may change after.
    if (Object.isFrozen(pages)) counts.set(pages, count);
  }
  return count;
}

/** `sorted` cut into pages of the page size. */
function cut(sorted: readonly ConversationMessage[]): ConversationMessage[][] {
  const out: ConversationMessage[][] = [];
  for (let i = 0; i < sorted.length; i += pageSize) out.push(sorted.slice(i, i + pageSize));
  return out;
}

/**
 * `messages` (none loaded yet, all older than the live window) placed in `pages` (a draft):
 * those older than everything become new pages in front, any other goes into the page that
 * spans it. Appending to the newest page (a message scrolled out of the live window) copies
 * only that page, and starts a new one once it is full.
 */
export function placeInPages(
  pages: ConversationMessage[][],
  messages: readonly ConversationMessage[],
): void {
  if (messages.length === 0) return;
  const sorted = [...messages].sort(compareMessages);
  const oldest = oldestInPages(pages);
  const before = oldest ? sorted.filter((m) => compareMessages(m, oldest) < 0) : sorted;
  const rest = oldest ? sorted.filter((m) => compareMessages(m, oldest) >= 0) : [];
  for (const message of rest) {
    const last = pages.length - 1;
    const newest = pages[last].at(-1);
    if (newest && compareMessages(message, newest) > 0) {
      if (pages[last].length >= pageSize) pages.push([message]);
      else pages[last].push(message);
      continue;
    }
    // Inside the loaded range: the last page starting at or before it (rare: a jump's gap).
    let p = last;
    while (p > 0 && compareMessages(pages[p][0], message) > 0) p--;
    const page = pages[p];
    let at = page.length;
    while (at > 0 && compareMessages(page[at - 1], message) > 0) at--;
    page.splice(at, 0, message);
  }
  if (before.length > 0) pages.unshift(...cut(before));
}

/** Replaces loaded messages in place (their order key, createdAt, kept by the caller). */
export function replaceInPages(
  pages: ConversationMessage[][],
  base: MessagePages,
  messages: readonly ConversationMessage[],
): ConversationMessage[] {
  const missing: ConversationMessage[] = [];
  for (const message of messages) {
    const where = locate(base, message.id);
    if (!where) missing.push(message);
    else if (base[where.page][where.at] !== message) pages[where.page][where.at] = message;
  }
  return missing;
}

/** Removes loaded messages (`base` is the pages before this change, for the lookup). */
export function removeFromPages(
  pages: ConversationMessage[][],
  base: MessagePages,
  ids: string[],
): void {
  const spots = ids
    .map((id) => locate(base, id))
    .filter((spot) => spot !== null)
    // Back to front, so each removal leaves the other positions valid.
    .sort((a, b) => b.page - a.page || b.at - a.at);
  for (const { page, at } of spots) pages[page].splice(at, 1);
  // Only the pages touched can have emptied: reading the others through the draft costs.
  const touched = [...new Set(spots.map((spot) => spot.page))];
  for (const p of touched) if (pages[p].length === 0) pages.splice(p, 1);
}
