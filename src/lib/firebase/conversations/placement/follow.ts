/**
 * Writes that follow a conversation's move (docs/scaling.md, "Rebalancing"): refused because it
 * is being moved or was moved, a write is held until the move ends and written again where the
 * directory's placement then says (moves.ts decides).
 */
import type { Database } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import { placementStrings } from './placement-strings';
import { isRefusal } from './moves';
import type { Placements } from './placements';
import type { Reach } from './reach';
import type { SlotAccess } from './slot-access';

/** Tries after a refusal for now: a mirror, a move, and a mirror on the move's target. */
const RETRIES = 3;

/** A write held for a move that did not end in time: its toast says why. */
class ConversationMoving extends Error {
  constructor() {
    super(placementStrings.conversationMoving);
    this.name = 'ConversationMoving';
  }
}

/** As `afterRefusal`: true when the write is worth trying again, where the placement now says. */
export async function refusedForNow(
  placements: Placements,
  key: ConversationKey,
  refusedOn: Database,
  waitMs?: number,
): Promise<boolean> {
  const next = await placements.afterRefusal(key, refusedOn, waitMs);
  return next === 'moved' || next === 'same';
}

/**
 * `write` on conversation `key`'s instance within the three connections (`placements.reach`:
 * a connection open anyway, the slot, or REST; docs/scaling.md, "Bounded connections"): an
 * edit, reaction, hide or read marker of a conversation that is not open waits for no fourth
 * connection, and a multi-path `at.update` stays one update at the instance's root (one REST
 * PATCH), all or nothing. Refused there because the conversation is being moved or was moved,
 * it is held until the move ends and written again where it went (at most three times: a move,
 * then another). A refusal on the instance where it still lives is the rules' answer and is
 * thrown at once, so an action the rules refuse (an edit's preview, then its fallback) costs
 * one read of the placement, not retries. Writes repeat harmlessly: each sets the same values
 * under the same ids.
 */
export function writeFollowingMoves<T>(
  placements: Placements,
  key: ConversationKey,
  write: (at: SlotAccess) => Promise<T>,
  waitMs?: number,
): Promise<T> {
  return following(placements, key, (on) => on.run(write), { mirrorWait: false, waitMs });
}

/**
 * `work` on conversation `key`'s instance as `writeFollowingMoves` does it, but a first refusal
 * where it still lives is tried once more once its mirror is there: the first epoch's wraps,
 * written right after the accept, may beat the mirror to the instance.
 */
export function reachFollowingMoves<T>(
  placements: Placements,
  key: ConversationKey,
  work: (at: SlotAccess) => Promise<T>,
  waitMs?: number,
): Promise<T> {
  return following(placements, key, (on) => on.run(work), { mirrorWait: true, waitMs });
}

/**
 * `work` given conversation `key`'s instance as reached within the bound (`placements.reach`),
 * following its moves as `writeFollowingMoves` does: for work that runs several steps there and
 * watches whether it is reachable between them (a file's upload: its bookkeeping by `run`, its
 * chunks over REST, cut and resumed as the instance's connection or the app's online goes).
 */
export function withReachFollowingMoves<T>(
  placements: Placements,
  key: ConversationKey,
  work: (on: Reach) => Promise<T>,
  waitMs?: number,
): Promise<T> {
  return following(placements, key, work, { mirrorWait: false, waitMs });
}

async function following<T>(
  placements: Placements,
  key: ConversationKey,
  work: (on: Reach) => Promise<T>,
  how: { mirrorWait: boolean; waitMs: number | undefined },
): Promise<T> {
  let on = await placements.reach(key);
  let mirrorWaited = !how.mirrorWait;
  for (let tries = 0; ; tries++) {
    try {
      return await work(on);
    } catch (error) {
      if (!isRefusal(error) || tries >= RETRIES) throw error;
      const next = await placements.afterRefusal(key, on.db, how.waitMs);
      // Never lost silently: a move that outlasts the wait says so in the write's toast.
      if (next === 'moving') throw new ConversationMoving();
      if (next === 'same' && !mirrorWaited) {
        mirrorWaited = true;
        continue;
      }
      if (next !== 'moved') throw error;
      on = await placements.reach(key);
    }
  }
}
