/**
 * At most three connections at every moment (docs/scaling.md, "Bounded connections"): the kept
 * instances (the home; the directory until the home is known), the instances held by listeners
 * (the open conversation's), and one slot for everything else (looks, hints to a friend's home, one-off
 * reads and writes), closed after 30 s unused or as soon as another instance needs it. When
 * the kept and held instances take all three, slot work goes over REST (a one-shot request,
 * no WebSocket), and a direct use of another instance waits, switched off, until one of the
 * three is free. No SDK here: the caller says how an instance goes on- and offline
 * (goOnline/goOffline of its Database), so the policy is tested with fake timers.
 */

import type {
  ConnectionOptions,
  Connections,
  ConnectionSwitch,
  InstanceState,
  SlotRoute,
} from './connections-api';
import { makePinWatchers } from './pins';

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
  const states = new Map<number, InstanceState>();
  let slot: number | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const of = (instance: number): InstanceState => {
    let state = states.get(instance);
    if (!state) {
      const on = always.has(instance);
      state = { holds: 0, busy: 0, on, waiting: false, timer: null, onClose: new Set() };
      states.set(instance, state);
    }
    return state;
  };
  for (const instance of always) of(instance);
  // Read without making a state: an instance only watched is not an open one.
  const pinned = (instance: number) =>
    always.has(instance) || (states.get(instance)?.holds ?? 0) > 0;
  const pins = makePinWatchers(pinned);
  const pinMayHaveChanged = pins.mayHaveChanged;
  const stopTimer = (state: InstanceState) => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  };
  const onCount = () => [...states.values()].filter((state) => state.on).length;
  const open = (instance: number) => {
    const state = of(instance);
    state.waiting = false;
    if (state.on) return;
    state.on = true;
    sw.online(instance);
  };
  const close = (instance: number) => {
    const state = of(instance);
    stopTimer(state);
    if (slot === instance) slot = null;
    const stops = [...state.onClose];
    state.onClose.clear();
    for (const stop of stops) stop();
    if (pinned(instance) || !state.on) return;
    state.on = false;
    sw.offline(instance);
  };
  /** Whether `instance` can be on now: it is, one of the three is free, or the idle slot gives way. */
  const room = (instance: number): boolean => {
    if (of(instance).on || onCount() < max) return true;
    if (slot === null || slot === instance || of(slot).busy > 0 || pinned(slot)) return false;
    close(slot);
    return onCount() < max;
  };
  /** Off until one of the three is free: the SDK queues its writes and listens once back on. */
  const wait = (instance: number) => {
    const state = of(instance);
    state.waiting = true;
    stopTimer(state);
    sw.offline(instance);
  };
  const arm = (instance: number) => {
    const state = of(instance);
    stopTimer(state);
    state.timer = setTimeout(() => {
      state.timer = null;
      // Work still running keeps it; its end arms the timer again.
      if (state.busy === 0 && !pinned(instance)) {
        close(instance);
        admitWaiting();
      }
    }, idleMs() ?? SLOT_IDLE_MS);
  };
  /** Makes `instance` the slot (on): the slot before closes, unless its work still runs. */
  const takeSlot = (instance: number) => {
    open(instance);
    if (slot !== null && slot !== instance && of(slot).busy === 0) close(slot);
    slot = instance;
    arm(instance);
  };
  /** Once one of the three is free: what waits goes on, held instances first. */
  const admitWaiting = () => {
    const waiting = [...states].filter(([, state]) => state.waiting);
    waiting.sort(([a], [b]) => Number(pinned(b)) - Number(pinned(a)));
    for (const [instance] of waiting) {
      if (!room(instance)) return;
      if (pinned(instance)) {
        open(instance);
        continue;
      }
      // One at a time: a second would take the slot before the first sent what it queued.
      takeSlot(instance);
      return;
    }
  };
  /** No longer pinned: left open for the slot's time, or closed when the slot is taken. */
  const letGo = (instance: number) => {
    const state = of(instance);
    if (pinned(instance)) return;
    if (state.waiting) {
      // Still wanted by work begun meanwhile: it waits for room as before.
      if (state.busy === 0) state.waiting = false;
      return;
    }
    if (!state.on) return;
    // Left open for the slot's time when the slot is free and nothing waits, so going back is
    // instant.
    const othersWait = [...states.values()].some((other) => other.waiting);
    if (slot === null && !othersWait) {
      slot = instance;
      arm(instance);
    } else if (state.busy === 0) {
      close(instance);
      admitWaiting();
    }
  };
  /** After slot work or a direct use: the slot's time again, or closed when not the slot. */
  const done = (instance: number) => {
    const state = of(instance);
    if (slot === instance) arm(instance);
    else if (!pinned(instance) && state.busy === 0) close(instance);
    admitWaiting();
  };
  const touch = (instance: number) => {
    const state = of(instance);
    if (state.waiting) return;
    if (pinned(instance)) return;
    if (!room(instance)) return wait(instance);
    takeSlot(instance);
  };
  /** The route of slot work on `instance` now, opening it when it goes by the socket. */
  const route = (instance: number): SlotRoute => {
    const state = of(instance);
    if (state.on && pinned(instance)) return 'socket';
    // Without REST (a client made without it) the socket it is, over the bound if need be.
    if (!state.on && !room(instance) && canRest(instance)) return 'rest';
    if (pinned(instance)) open(instance);
    else takeSlot(instance);
    return 'socket';
  };

  return {
    keep: (instance) => {
      const state = of(instance);
      // The home comes before anything else: the idle slot gives way to it.
      room(instance);
      always.add(instance);
      open(instance);
      stopTimer(state);
      if (slot === instance) slot = null;
      pinMayHaveChanged(instance);
    },
    release: (instance) => {
      if (!always.delete(instance)) return;
      pinMayHaveChanged(instance);
      letGo(instance);
    },
    hold: (instance) => {
      const state = of(instance);
      state.holds++;
      stopTimer(state);
      if (slot === instance) slot = null;
      if (!state.on && !state.waiting) {
        if (room(instance)) open(instance);
        else wait(instance);
      }
      pinMayHaveChanged(instance);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        state.holds--;
        pinMayHaveChanged(instance);
        letGo(instance);
      };
    },
    touch,
    use: (instance) => {
      const state = of(instance);
      touch(instance);
      state.busy++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        state.busy--;
        // Waiting, it was never on: what it queued goes once it is admitted.
        if (!state.waiting) done(instance);
      };
    },
    useSlot: <T>(instance: number, work: (route: SlotRoute) => Promise<T>): Promise<T> => {
      const run = queue.then(async () => {
        const how = route(instance);
        if (how === 'rest') return work(how);
        const state = of(instance);
        state.busy++;
        try {
          return await work(how);
        } finally {
          state.busy--;
          done(instance);
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
    openNow: () =>
      [...states]
        .filter(([, state]) => state.on)
        .map(([instance]) => instance)
        .sort((a, b) => a - b),
  };
}
