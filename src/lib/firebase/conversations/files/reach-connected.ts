/**
 * Whether work reached on an instance (placement/reach.ts) can go now, for work that must stop when it
 * cannot (a file's upload cuts its chunk requests at a drop and resumes them at the return):
 * the instance's own connection while one is open anyway (kept or held: the work then goes over
 * it, and that instance may drop alone), the app's online otherwise (the work then goes through
 * the slot or over REST, which need the app online, never a connection of their own). No SDK
 * here: the caller gives the three sources, so the switching is tested alone.
 */

type Follow<T> = (onChange: (value: T) => void) => () => void;

export function followReachable(
  pinned: Follow<boolean>,
  own: Follow<boolean>,
  online: Follow<boolean>,
  onChange: (reachable: boolean) => void,
): () => void {
  let told: boolean | null = null;
  const tell = (reachable: boolean) => {
    if (reachable === told) return;
    told = reachable;
    onChange(reachable);
  };
  let stopSource: (() => void) | null = null;
  let stopped = false;
  const unwatch = pinned((isPinned) => {
    stopSource?.();
    stopSource = null;
    if (stopped) return;
    if (!isPinned) {
      stopSource = online(tell);
      return;
    }
    // A connection just opened says false until its socket is up: no drop, so nothing is cut
    // for it; from its first true on, its answers are the instance's.
    let heard = false;
    stopSource = own((connected) => {
      if (!heard && !connected) return;
      heard = true;
      tell(connected);
    });
  });
  return () => {
    stopped = true;
    unwatch();
    stopSource?.();
    stopSource = null;
  };
}
