import type { CrawlMark } from './worker';

/**
 * How many messages a conversation holds, for 'Indexing N of about M messages'. The database
 * cannot count them without reading them all, so the count is exact once its history is read
 * and estimated before: the messages read so far, plus as many again for the time still to
 * read at the rate seen (the span from its first message, found by `firstAt` probes, to the
 * oldest read). A conversation not begun counts one page.
 */
export function estimatedCount(mark: CrawlMark | undefined, pageSize: number): number {
  if (!mark?.oldest) return pageSize;
  const count = mark.count ?? 0;
  if (mark.done) return count;
  const read = Math.max(1, mark.newest - mark.oldest.createdAt);
  const left = mark.firstAt === undefined ? 0 : Math.max(0, mark.oldest.createdAt - mark.firstAt);
  // At least one message more: the history is not finished.
  return count + Math.max(1, Math.round((count * left) / read));
}

/** Probing stops once the first message's time is known to within this. */
export const FIRST_AT_RESOLUTION_MS = 3_600_000;

/**
 * The time of a conversation's first message (within an hour), by halving: `anyBefore(t)`
 * says whether a message is older than `t`; `upper` is a message's time.
 */
export async function firstAt(
  upper: number,
  anyBefore: (at: number) => Promise<boolean>,
): Promise<number> {
  let lo = 0;
  let hi = upper;
  while (hi - lo > FIRST_AT_RESOLUTION_MS) {
    const mid = Math.floor((lo + hi) / 2);
    if (await anyBefore(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
