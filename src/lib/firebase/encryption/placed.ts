/**
 * A conversation's key records (its wraps and waits, `conversationKeys`, `groupKeys` and their
 * `…KeyWaits`) live on the conversation's instance, beside its messages (docs/scaling.md): a
 * sealed send's rules check the wraps there. A person's own records (devices, identity, device
 * list, backup) stay on the directory. With one instance every conversation is on the
 * directory and nothing is read to find it.
 */
import { update, ref, type Database } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import { placementsOf } from '../conversations';

/** A root update's changes, path to value (null deletes). */
type Changes = Record<string, unknown>;

const isRefusal = (error: unknown) =>
  /permission[_ ]denied/i.test(error instanceof Error ? error.message : String(error));

export function placedKeyRecords(directory: Database) {
  const placements = placementsOf(directory);
  const databaseOf = async (conversation: ConversationKey) => placements.whereIs(conversation);

  return {
    placements,
    databaseOf,
    /**
     * `step` on `conversation`'s instance. Right after an accept or a group's creation its mirror
     * may not have landed there yet, so the first epoch's wraps are refused: as a send does, it
     * then waits for the mirror and goes once more.
     */
    async onItsInstance<T>(
      conversation: ConversationKey,
      step: (db: Database) => Promise<T>,
    ): Promise<T> {
      const db = await databaseOf(conversation);
      try {
        return await step(db);
      } catch (error) {
        if (!isRefusal(error) || !(await placements.mirrorLanded(conversation))) throw error;
        return step(db);
      }
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
      const byDatabase = new Map<Database, Changes>([[directory, { ...own }]]);
      const where = await Promise.all(placed.map((p) => databaseOf(p.conversation)));
      placed.forEach(({ changes }, i) => {
        const db = where[i] ?? directory;
        const into = byDatabase.get(db) ?? {};
        byDatabase.set(db, Object.assign(into, changes));
      });
      const instances = [...byDatabase].filter(([db]) => db !== directory);
      await Promise.all(instances.map(([db, changes]) => update(ref(db), changes)));
      const mine = byDatabase.get(directory) ?? {};
      if (Object.keys(mine).length > 0) await update(ref(directory), mine);
    },
  };
}

export type PlacedKeyRecords = ReturnType<typeof placedKeyRecords>;
