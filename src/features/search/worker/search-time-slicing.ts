/**
 * Work in the search worker in short slices: a page of history (200 messages, more in Chinese
 * or Japanese) can take longer than a search may wait, and a search asked meanwhile waits for
 * the slice under way only. Between slices the worker answers what is queued.
 */

/** The longest a slice runs before the worker answers waiting requests. */
const SLICE_MS = 40;

/** Lets queued messages (a search) run before the next slice. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Calls `each` on every item, yielding every `SLICE_MS`; answers the longest slice in ms
 * (one item longer than a slice is one slice).
 */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  sliceMs = SLICE_MS,
): Promise<number> {
  let longest = 0;
  let i = 0;
  while (i < items.length) {
    const start = performance.now();
    do each(items[i++]);
    while (i < items.length && performance.now() - start < sliceMs);
    longest = Math.max(longest, performance.now() - start);
    if (i < items.length) await breathe();
  }
  return longest;
}
