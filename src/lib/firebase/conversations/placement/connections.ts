/**
 * At most three connections at every moment (docs/scaling.md, "Bounded connections"): the kept
 * instances (the home; the directory until the home is known), the instances held by listeners
 * (the open conversation's), and one slot for everything else (looks, hints to a friend's home, one-off
 * reads and writes), closed after 30 s unused or as soon as another instance needs it. When
 * the kept and held instances take all three, slot work goes over REST (a one-shot request,
 * no WebSocket), and a direct use of another instance waits, switched off, until one of the
 * three is free. No SDK here: the caller says how an instance goes on- and offline
 * (goOnline/goOffline of its Database), so the policy (connections-policy.ts) is tested with
 * fake timers.
 */

import type {
  ConnectionOptions,
  Connections,
  ConnectionSwitch,
  SlotRoute,
} from './connections-api';
import { makeSlotPolicy } from './connections-policy';

export type { SlotRoute } from './connections-api';

/** How long the slot stays open unused: a look's listener keeps news live that long. */
export const SLOT_IDLE_MS = 30_000;

/** The most WebSocket connections a client holds, whatever its conversations span. */
const MAX_CONNECTIONS = 3;

export function makeConnections(
  sw: ConnectionSwitch,
  kept: readonly number[] = [],
  {
    idleMs = () => undefined,
    max = MAX_CONNECTIONS,
    canRest = () => false,
  }: ConnectionOptions = {},
): Connections {
  const always = new Set(kept);
  const policy = makeSlotPolicy(sw, always, {
    idleMs: () => idleMs() ?? SLOT_IDLE_MS,
    max,
    canRest,
  });
  const { of, pins } = policy;
  let queue: Promise<unknown> = Promise.resolve();

  return {
    keep: (instance) => {
      // The home comes before anything else: the idle slot gives way to it.
      policy.room(instance);
      always.add(instance);
      policy.open(instance);
      policy.leaveSlot(instance);
      pins.mayHaveChanged(instance);
    },
    release: (instance) => {
      if (!always.delete(instance)) return;
      pins.mayHaveChanged(instance);
      policy.letGo(instance);
    },
    hold: (instance) => {
      const state = of(instance);
      state.holds++;
      policy.leaveSlot(instance);
      if (!state.on && !state.waiting) {
        if (policy.room(instance)) policy.open(instance);
        else policy.wait(instance);
      }
      pins.mayHaveChanged(instance);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        state.holds--;
        pins.mayHaveChanged(instance);
        policy.letGo(instance);
      };
    },
    touch: policy.touch,
    use: (instance) => {
      const state = of(instance);
      policy.touch(instance);
      state.busy++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        state.busy--;
        // Waiting, it was never on: what it queued goes once it is admitted.
        if (!state.waiting) policy.done(instance);
      };
    },
    useSlot: <T>(instance: number, work: (route: SlotRoute) => Promise<T>): Promise<T> => {
      const run = queue.then(async () => {
        const how = policy.route(instance);
        if (how === 'rest') return work(how);
        const state = of(instance);
        state.busy++;
        try {
          return await work(how);
        } finally {
          state.busy--;
          policy.done(instance);
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    whenClosed: (instance, stop) => {
      const { onClose } = of(instance);
      onClose.add(stop);
      return () => onClose.delete(stop);
    },
    watchPinned: pins.watch,
    openNow: policy.openNow,
  };
}
