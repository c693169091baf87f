/**
 * Who follows an instance live only while a connection to it is pinned (kept or held), told
 * at once and at each change (connections.ts): a key wait, a mention feed. No SDK here.
 */
export function makePinWatchers(pinned: (instance: number) => boolean) {
  const watchers = new Map<number, Set<(pinned: boolean) => void>>();
  const told = new Map<number, boolean>();
  return {
    /** Tells the watchers of `instance` if its pin changed (called before it may close). */
    mayHaveChanged: (instance: number) => {
      const now = pinned(instance);
      if (told.get(instance) === now) return;
      told.set(instance, now);
      for (const watcher of [...(watchers.get(instance) ?? [])]) watcher(now);
    },
    watch: (instance: number, onChange: (pinned: boolean) => void) => {
      const these = watchers.get(instance) ?? new Set();
      watchers.set(instance, these);
      these.add(onChange);
      onChange(pinned(instance));
      return () => these.delete(onChange);
    },
  };
}
