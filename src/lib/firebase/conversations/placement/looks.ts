/**
 * What else a look reads (docs/scaling.md, "Bounded connections"): a look at another instance
 * (the inbox's, at sign-in, after a reconnect, for a hint) goes through the slot, or over REST
 * when the three connections are taken; records kept fresh within the bound (a conversation's
 * key waits, mentions) are read in that same slot use, the same way. Where a connection is open
 * anyway (the directory, the home, the open conversation's instance) they are followed live
 * instead, without a hold of their own.
 */
import type { Database, Unsubscribe } from 'firebase/database';
import type { SlotAccess } from './slot-access';

type Reader = (at: SlotAccess) => Promise<void>;

interface LookDeps {
  databaseFor: (instance: number) => Promise<Database>;
  throughSlot: <T>(instance: number, work: (at: SlotAccess) => Promise<T>) => Promise<T>;
  watchPinned: (instance: number, onChange: (pinned: boolean) => void) => () => void;
}

export interface Looks {
  /** `work` through the slot on `instance`, then every reader of it, in the same slot use. */
  lookAt: <T>(instance: number, work: (at: SlotAccess) => Promise<T>) => Promise<T>;
  /**
   * Keeps something of `instance` fresh within the bound: `live` attached while a connection
   * to it is open anyway (kept or held by others), `read` at each look there otherwise.
   */
  followWithinBound: (
    instance: number,
    live: (db: Database) => Unsubscribe,
    read: Reader,
  ) => Unsubscribe;
}

export function makeLooks({ databaseFor, throughSlot, watchPinned }: LookDeps): Looks {
  const readers = new Map<number, Set<Reader>>();
  /** Every reader of `instance`; one that fails leaves its records as they were, to the next look. */
  const readAll = async (instance: number, at: SlotAccess) => {
    const these = [...(readers.get(instance) ?? [])];
    await Promise.all(these.map((read) => read(at).catch(() => undefined)));
  };
  /** Instances with a first read queued: followers added meanwhile are read by it too. */
  const firstReads = new Set<number>();
  /** A new follower away from the open connections is read once now, not at the next look. */
  const readSoon = (instance: number) => {
    if (firstReads.has(instance)) return;
    firstReads.add(instance);
    void throughSlot(instance, (at) => {
      firstReads.delete(instance);
      return readAll(instance, at);
    }).catch(() => firstReads.delete(instance));
  };

  return {
    lookAt: (instance, work) =>
      throughSlot(instance, async (at) => {
        const result = await work(at);
        await readAll(instance, at);
        return result;
      }),

    followWithinBound: (instance, live, read) => {
      let stopLive: Unsubscribe | null = null;
      // Set by the watcher below, at once and at each change.
      let pinned = false as boolean;
      let stopped = false;
      const atLook: Reader = (at) => (pinned ? Promise.resolve() : read(at));
      const these = readers.get(instance) ?? new Set<Reader>();
      readers.set(instance, these.add(atLook));
      const unwatch = watchPinned(instance, (now) => {
        pinned = now;
        if (!now) {
          stopLive?.();
          stopLive = null;
          return;
        }
        if (stopLive) return;
        const attaching: Unsubscribe = () => undefined;
        stopLive = attaching;
        void databaseFor(instance).then(
          (db) => {
            if (stopped || stopLive !== attaching) return;
            stopLive = live(db);
          },
          () => {
            if (stopLive === attaching) stopLive = null;
          },
        );
      });
      if (!pinned) readSoon(instance);
      return () => {
        stopped = true;
        unwatch();
        these.delete(atLook);
        stopLive?.();
        stopLive = null;
      };
    },
  };
}
