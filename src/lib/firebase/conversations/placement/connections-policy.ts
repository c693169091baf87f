/**
 * The slot's policy behind the bounded connections (connections.ts, docs/scaling.md, "Bounded
 * connections"): which instances are on, whether one more fits among the three, the slot's idle
 * timer, and who goes on once one of the three is free. The callers' uses (keep, hold, use,
 * slot work) are told in connections.ts; no SDK here.
 */
import type { ConnectionSwitch, InstanceState, SlotRoute } from './connections-api';
import { makePinWatchers } from './pins';

export interface PolicyOptions {
  /** How long the slot stays open unused, asked at each arming. */
  idleMs: () => number;
  max: number;
  canRest: (instance: number) => boolean;
}

export function makeSlotPolicy(
  sw: ConnectionSwitch,
  always: Set<number>,
  { idleMs, max, canRest }: PolicyOptions,
) {
  const states = new Map<number, InstanceState>();
  let slot: number | null = null;

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
    }, idleMs());
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

  return {
    of,
    pinned,
    pins,
    open,
    room,
    wait,
    /** `instance` pinned from now on: no longer the slot, so no idle timer closes it. */
    leaveSlot: (instance: number) => {
      stopTimer(of(instance));
      if (slot === instance) slot = null;
    },
    /** No longer pinned: left open for the slot's time, or closed when the slot is taken. */
    letGo: (instance: number) => {
      const state = of(instance);
      if (pinned(instance)) return;
      if (state.waiting) {
        // Still wanted by work begun meanwhile: it waits for room as before.
        if (state.busy === 0) state.waiting = false;
        return;
      }
      if (!state.on) return;
      // Left open for the slot's time when the slot is free and nothing waits, so going back
      // is instant.
      const othersWait = [...states.values()].some((other) => other.waiting);
      if (slot === null && !othersWait) {
        slot = instance;
        arm(instance);
      } else if (state.busy === 0) {
        close(instance);
        admitWaiting();
      }
    },
    /** After slot work or a direct use: the slot's time again, or closed when not the slot. */
    done: (instance: number) => {
      const state = of(instance);
      if (slot === instance) arm(instance);
      else if (!pinned(instance) && state.busy === 0) close(instance);
      admitWaiting();
    },
    touch: (instance: number) => {
      const state = of(instance);
      if (state.waiting) return;
      if (pinned(instance)) return;
      if (!room(instance)) return wait(instance);
      takeSlot(instance);
    },
    /** The route of slot work on `instance` now, opening it when it goes by the socket. */
    route: (instance: number): SlotRoute => {
      const state = of(instance);
      if (state.on && pinned(instance)) return 'socket';
      // Without REST (a client made without it) the socket it is, over the bound if need be.
      if (!state.on && !room(instance) && canRest(instance)) return 'rest';
      if (pinned(instance)) open(instance);
      else takeSlot(instance);
      return 'socket';
    },
    openNow: () =>
      [...states]
        .filter(([, state]) => state.on)
        .map(([instance]) => instance)
        .sort((a, b) => a - b),
  };
}
