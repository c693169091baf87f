/**
 * Following a conversation's move (docs/scaling.md, "Rebalancing"): a write or a listen refused on
 * a conversation's instance may be refused for now only: its mirror has not landed there yet, or
 * the conversation is being moved (frozen while copied, then live on another instance). This
 * tells a write or a listener whether, and when, to try again: after a move, on the instance the
 * directory's placement now names, however many moves there were, the directory included.
 */
import { onValue, ref, type Database } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import { DEFAULT_INSTANCE, parsePlacement, placementPath } from './shapes';

/** How long a write waits out a move's freeze (the copy of a long conversation takes seconds). */
const MOVE_WAIT_MS = 60_000;

/** A refusal by the rules (the SDK's `permission_denied`, REST's 'Permission denied'). */
export const isRefusal = (error: unknown) =>
  /permission[_ ]denied/i.test(error instanceof Error ? error.message : String(error));

/**
 * The directory's placement of `key` once it is `live` (absent: the default instance, from
 * before placements), 'moving' when it is still moving after `waitMs`, null when it cannot be read.
 */
function livePlacement(
  directory: Database,
  key: ConversationKey,
  waitMs: number,
): Promise<number | 'moving' | null> {
  return new Promise((resolve) => {
    // The SDK may answer from its cache before `onValue` returns.
    let stop: (() => void) | null = null;
    const state = { done: false };
    const settle = (instance: number | 'moving' | null) => {
      if (state.done) return;
      state.done = true;
      clearTimeout(timer);
      stop?.();
      resolve(instance);
    };
    const timer = setTimeout(() => settle('moving'), waitMs);
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

/** What following a move reads and drops: the placements' own (placements.ts). */
interface MoveDeps {
  readonly directory: Database;
  databaseFor(instance: number): Promise<Database>;
  mirrorLanded(key: ConversationKey): Promise<boolean>;
  forget(key: ConversationKey): void;
}

/**
 * After a write or a listen of `key` refused on `refusedOn`: resolves 'moved' once the
 * conversation is live on another database (its cached placement forgotten, its mirror there
 * landed), 'same' when it is live on `refusedOn` and its mirror is there (the refusal may have
 * come before the mirror), 'moving' when it is still being moved after `waitMs`, or null when
 * trying again is not worth it (no mirror, unreadable). The database, not the cache, is compared: another write's
 * refusal may have refreshed the cache already.
 */
export async function afterRefusal(
  placements: MoveDeps,
  key: ConversationKey,
  refusedOn: Database,
  waitMs = MOVE_WAIT_MS,
): Promise<'moved' | 'same' | 'moving' | null> {
  const live = await livePlacement(placements.directory, key, waitMs);
  if (live === null || live === 'moving') return live;
  if ((await placements.databaseFor(live)) === refusedOn) {
    return (await placements.mirrorLanded(key)) ? 'same' : null;
  }
  placements.forget(key);
  // The directory takes writes as soon as its placement is live; another instance once the
  // mirrored placement has landed there.
  if (live === DEFAULT_INSTANCE) return 'moved';
  return (await placements.mirrorLanded(key)) ? 'moved' : null;
}
