/**
 * A write refused on a conversation's instance may be refused for now only (docs/scaling.md):
 * its mirror has not landed there yet, or the conversation is being moved ("Rebalancing":
 * frozen while copied, then live on another instance). This tells the outbox whether, and
 * when, to try again: after a move, on the instance the directory's placement now names.
 */
import { onValue, ref, type Database } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import { DEFAULT_INSTANCE, parsePlacement, placementPath } from './placement/shapes';
import type { Placements } from './placement';

/** How long a send waits out a move's freeze (the copy of a long conversation takes seconds). */
const MOVE_WAIT_MS = 60_000;

/**
 * The directory's placement of `key` once it is `live` (absent: the default instance, from
 * before placements), or null when it is still moving after `waitMs` or cannot be read.
 */
function livePlacement(
  directory: Database,
  key: ConversationKey,
  waitMs: number,
): Promise<number | null> {
  return new Promise((resolve) => {
    // The SDK may answer from its cache before `onValue` returns.
    let stop: (() => void) | null = null;
    const state = { done: false };
    const settle = (instance: number | null) => {
      if (state.done) return;
      state.done = true;
      clearTimeout(timer);
      stop?.();
      resolve(instance);
    };
    const timer = setTimeout(() => settle(null), waitMs);
    stop = onValue(
      ref(directory, placementPath(key)),
      (snapshot) => {
        const placement = parsePlacement(snapshot.val());
        if (!snapshot.exists()) settle(DEFAULT_INSTANCE);
        else if (placement?.state === 'live') settle(placement.instance);
      },
      () => settle(null),
    );
    if (state.done) stop();
  });
}

/**
 * After a write of `key` refused on `refusedOn`: resolves true once trying again is worth it. A
 * moving conversation is waited for; once live on another database than `refusedOn`, the cached
 * placement is forgotten, so the retry finds it there (after its mirror landed). Refused where
 * it is live, as before moves: true once the mirror is there (never on the directory). The
 * database, not the cache, is compared: another send's refusal may have refreshed the cache.
 */
export async function refusedForNow(
  directory: Database,
  placements: Placements,
  key: ConversationKey,
  refusedOn: Database,
  waitMs = MOVE_WAIT_MS,
): Promise<boolean> {
  const live = await livePlacement(directory, key, waitMs);
  if (live === null) return false;
  if ((await placements.databaseFor(live)) === refusedOn) return placements.mirrorLanded(key);
  placements.forget(key);
  // The directory takes writes as soon as its placement is live; another instance once the
  // mirrored placement has landed there.
  return live === DEFAULT_INSTANCE || placements.mirrorLanded(key);
}
