/**
 * At most three connections (docs/scaling.md, "Bounded connections"): the home and the
 * directory always; an instance held by listeners (the open conversation's) while held; and
 * one slot for everything else (looks, hints to a friend's home, one-off reads and writes),
 * closed after 30 s unused or as soon as another instance needs the slot. No SDK here: the
 * caller says how an instance goes on- and offline (goOnline/goOffline of its Database), so the
 * timing is tested with fake timers.
 */

/** How long the slot stays open unused: a look's listener keeps news live that long. */
export const SLOT_IDLE_MS = 30_000;

interface ConnectionSwitch {
  online(instance: number): void;
  offline(instance: number): void;
}

interface InstanceState {
  /** Listeners holding it open (the open conversation's). */
  holds: number;
  /** Slot work in progress (a look's first read, a hint's write). */
  busy: number;
  /** Not switched off by us (a new Database starts online, connecting on first use). */
  online: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  /** What stops with the connection: a look's kept listeners. */
  onClose: Set<() => void>;
}

interface Connections {
  /** The instances never closed: the person's home (the directory is always kept). */
  keep(instance: number): void;
  /** Holds `instance` open until the returned release (a listener of the open conversation). */
  hold(instance: number): () => void;
  /** One use of `instance` now: opened, through the slot unless it is kept or held. */
  touch(instance: number): void;
  /** Runs `work` on `instance` through the slot, one at a time: looks go one after another. */
  useSlot<T>(instance: number, work: () => Promise<T>): Promise<T>;
  /** Calls `stop` when `instance` leaves the slot (closed, or taken by another instance). */
  whenClosed(instance: number, stop: () => void): () => void;
  /** The instances switched on now, the kept ones included (for figures and tests). */
  openNow(): number[];
  /**
   * Calls `onChange` with whether `instance` is pinned (kept, or held by listeners), now and
   * at each change: what follows it live without a hold of its own does so only while pinned.
   */
  watchPinned: (instance: number, onChange: (pinned: boolean) => void) => () => void;
}

export function makeConnections(
  sw: ConnectionSwitch,
  kept: readonly number[] = [],
  idleMs = SLOT_IDLE_MS,
): Connections {
  const always = new Set(kept);
  const states = new Map<number, InstanceState>();
  let slot: number | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const of = (instance: number): InstanceState => {
    let state = states.get(instance);
    if (!state) {
      state = { holds: 0, busy: 0, online: true, timer: null, onClose: new Set() };
      states.set(instance, state);
    }
    return state;
  };
  // Read without making a state: an instance only watched is not an open one.
  const pinned = (instance: number) =>
    always.has(instance) || (states.get(instance)?.holds ?? 0) > 0;
  const pinWatchers = new Map<number, Set<(pinned: boolean) => void>>();
  const told = new Map<number, boolean>();
  /** Tells the watchers of `instance` when its pin changed (called before it may close). */
  const pinMayHaveChanged = (instance: number) => {
    const now = pinned(instance);
    if (told.get(instance) === now) return;
    told.set(instance, now);
    for (const watcher of [...(pinWatchers.get(instance) ?? [])]) watcher(now);
  };
  const stopTimer = (state: InstanceState) => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  };
  const open = (instance: number) => {
    const state = of(instance);
    if (state.online) return;
    state.online = true;
    sw.online(instance);
  };
  const close = (instance: number) => {
    const state = of(instance);
    stopTimer(state);
    if (slot === instance) slot = null;
    const stops = [...state.onClose];
    state.onClose.clear();
    for (const stop of stops) stop();
    if (pinned(instance) || !state.online) return;
    state.online = false;
    sw.offline(instance);
  };
  const arm = (instance: number) => {
    const state = of(instance);
    stopTimer(state);
    state.timer = setTimeout(() => {
      state.timer = null;
      // Work still running keeps it; its end arms the timer again.
      if (state.busy === 0 && !pinned(instance)) close(instance);
    }, idleMs);
  };
  const touch = (instance: number) => {
    open(instance);
    if (pinned(instance)) return;
    if (slot !== null && slot !== instance && of(slot).busy === 0) close(slot);
    slot = instance;
    arm(instance);
  };

  return {
    keep: (instance) => {
      always.add(instance);
      open(instance);
      stopTimer(of(instance));
      if (slot === instance) slot = null;
      pinMayHaveChanged(instance);
    },
    hold: (instance) => {
      open(instance);
      const state = of(instance);
      state.holds++;
      stopTimer(state);
      if (slot === instance) slot = null;
      pinMayHaveChanged(instance);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        state.holds--;
        pinMayHaveChanged(instance);
        if (pinned(instance)) return;
        // Left open for the slot's time when the slot is free, so going back is instant.
        if (slot === null) {
          slot = instance;
          arm(instance);
        } else close(instance);
      };
    },
    touch,
    useSlot: <T>(instance: number, work: () => Promise<T>): Promise<T> => {
      const run = queue.then(async () => {
        touch(instance);
        const state = of(instance);
        state.busy++;
        try {
          return await work();
        } finally {
          state.busy--;
          if (slot === instance || pinned(instance)) {
            if (slot === instance) arm(instance);
          } else if (state.busy === 0) close(instance);
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
    watchPinned: (instance, onChange) => {
      const watchers = pinWatchers.get(instance) ?? new Set();
      pinWatchers.set(instance, watchers);
      watchers.add(onChange);
      onChange(pinned(instance));
      return () => watchers.delete(onChange);
    },
    openNow: () => {
      const online = [...states].filter(([, state]) => state.online).map(([instance]) => instance);
      return [...new Set([...always, ...online])].sort((a, b) => a - b);
    },
  };
}
