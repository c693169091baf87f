/**
 * Reaching a conversation's instance within the three connections (docs/scaling.md, "Bounded
 * connections"): on a connection open anyway (the directory, the home, the open conversation's
 * instance) the work goes at once over it, so the SDK keeps the order of the writes it queues;
 * on any other instance it goes through the slot, or over REST when the three are taken. A send
 * to a conversation that is not open, a key wait or wrap, a mirror's poll: none waits for a
 * fourth connection.
 */
import type { Database } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import { overSocket, type SlotAccess } from './slot-access';

/** Work on one conversation's instance, by whichever way the bound leaves. */
export interface Reach {
  /** The instance's database: where a refusal is judged (`afterRefusal` compares it). */
  readonly db: Database;
  /**
   * Runs `work` on the instance: called at once (in this turn) when a connection to it is open
   * anyway, else queued with the slot's other work (its socket, or REST when three are taken).
   */
  run<T>(work: (at: SlotAccess) => Promise<T>): Promise<T>;
  /**
   * Calls `onChange` with whether a connection to the instance is open anyway (kept or held),
   * now and at each change: `run` then goes over it, else through the slot or REST.
   */
  watchPinned(onChange: (pinned: boolean) => void): () => void;
}

interface ReachDeps {
  knownInstanceOf(key: ConversationKey): number | undefined;
  instanceOf(key: ConversationKey): Promise<number>;
  /** The database of `instance` if made already (no read of the configuration needed). */
  madeFor(instance: number): Database | undefined;
  databaseFor(instance: number): Promise<Database>;
  watchPinned(instance: number, onChange: (pinned: boolean) => void): () => void;
  throughSlot<T>(instance: number, work: (at: SlotAccess) => Promise<T>): Promise<T>;
}

export function makeReach(deps: ReachDeps) {
  // Followed once per instance for the session: instances are few, and the answer is asked
  // at each run, so it must cost no listener of its own.
  const pinnedNow = new Map<number, boolean>();
  const isPinned = (instance: number): boolean => {
    if (!pinnedNow.has(instance)) {
      deps.watchPinned(instance, (pinned) => pinnedNow.set(instance, pinned));
    }
    return pinnedNow.get(instance) ?? false;
  };
  const on = (instance: number, db: Database): Reach => ({
    db,
    // Asked at the run, not when reached: the open conversation may have closed meanwhile.
    run: (work) => (isPinned(instance) ? work(overSocket(db)) : deps.throughSlot(instance, work)),
    watchPinned: (onChange) => deps.watchPinned(instance, onChange),
  });
  /** At once when the conversation's instance and its database are known, else once read. */
  const reach = (key: ConversationKey): Reach | Promise<Reach> => {
    const instance = deps.knownInstanceOf(key);
    const db = instance === undefined ? undefined : deps.madeFor(instance);
    if (instance !== undefined && db) return on(instance, db);
    return deps.instanceOf(key).then(async (found) => on(found, await deps.databaseFor(found)));
  };
  return { reach, isPinned };
}
