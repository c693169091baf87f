/**
 * Looks at another instance, coalesced (docs/scaling.md, "The hint protocol"): at most one per
 * instance every 2 s, whatever the number of hints. Hints that arrive meanwhile add their
 * conversations to the next look, which starts 2 s after the previous one started. No SDK here.
 */

/** The shortest time between two looks at one instance. */
export const LOOK_INTERVAL_MS = 2_000;

interface LookCoalescer<K> {
  /** Asks for a look at `key` on `instance`: now, or with the instance's next look. */
  request(instance: number, key: K): void;
  /** Drops what is waiting (sign-out). */
  stop(): void;
}

export function coalesceLooks<K>(
  look: (instance: number, keys: K[]) => void,
  intervalMs = LOOK_INTERVAL_MS,
  now: () => number = Date.now,
): LookCoalescer<K> {
  const waiting = new Map<number, Set<K>>();
  const lastLook = new Map<number, number>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let stopped = false;

  const run = (instance: number) => {
    timers.delete(instance);
    const keys = waiting.get(instance);
    waiting.delete(instance);
    if (stopped || !keys?.size) return;
    lastLook.set(instance, now());
    look(instance, [...keys]);
  };

  return {
    request: (instance, key) => {
      if (stopped) return;
      const keys = waiting.get(instance) ?? new Set<K>();
      keys.add(key);
      waiting.set(instance, keys);
      if (timers.has(instance)) return;
      const last = lastLook.get(instance);
      const wait = last === undefined ? 0 : Math.max(0, last + intervalMs - now());
      if (wait === 0) run(instance);
      else
        timers.set(
          instance,
          setTimeout(() => run(instance), wait),
        );
    },
    stop: () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.clear();
    },
  };
}
