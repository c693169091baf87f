/**
 * A conversation's key records (its wraps and waits, `conversationKeys`, `groupKeys` and their
 * `…KeyWaits`) live on the conversation's instance, beside its messages (docs/scaling.md): a
 * sealed send's rules check the wraps there. A person's own records (devices, identity, device
 * list, backup) stay on the directory. With one instance every conversation is on the
 * directory and nothing is read to find it.
 */
import { update, ref, type Database } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import { placementsOf, reachFollowingMoves, type Reach, type SlotAccess } from '../conversations';

/** A root update's changes, path to value (null deletes). */
type Changes = Record<string, unknown>;

export function placedKeyRecords(directory: Database) {
  const placements = placementsOf(directory);

  return {
    placements,
    /**
     * `step` on `conversation`'s instance within the three connections (a connection open
     * anyway, the slot, or REST when the three are taken: a wrap or a wait never waits for a
     * fourth), following the conversation's moves. Right after an accept or a group's creation
     * its mirror may not have landed there yet, so the first epoch's wraps are refused: as a
     * send does, it then waits for the mirror and goes once more.
     */
    onItsInstance<T>(conversation: ConversationKey, step: (at: SlotAccess) => Promise<T>) {
      return reachFollowingMoves(placements, conversation, step);
    },
    /**
     * `own` (records of the directory) and each conversation's `changes`, one update per
     * database: a single update with one instance. The instances' go first, so a step that fails
     * halfway leaves the directory as it was, to be tried again.
     */
    async updateAcross(
      own: Changes,
      placed: ReadonlyArray<{ conversation: ConversationKey; changes: Changes }>,
    ): Promise<void> {
      const mine: Changes = { ...own };
      const byDatabase = new Map<Database, { on: Reach; changes: Changes }>();
      const reached = await Promise.all(
        placed.map(async ({ conversation, changes }) => ({
          on: await placements.reach(conversation),
          changes,
        })),
      );
      reached.forEach(({ on, changes }) => {
        if (on.db === directory) return void Object.assign(mine, changes);
        const into = byDatabase.get(on.db) ?? { on, changes: {} };
        byDatabase.set(on.db, { on, changes: Object.assign(into.changes, changes) });
      });
      await Promise.all(
        [...byDatabase.values()].map(({ on, changes }) => on.run((at) => at.update(changes))),
      );
      if (Object.keys(mine).length > 0) await update(ref(directory), mine);
    },
  };
}

export type PlacedKeyRecords = ReturnType<typeof placedKeyRecords>;
