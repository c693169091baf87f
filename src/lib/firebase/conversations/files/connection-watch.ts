import { onValue, ref, type Database } from 'firebase/database';
import type { Reach } from '../placement';
import { followReachable } from './reach-connected';

/** Whether one database instance is connected, a wait for its next connection, and its cuts. */
export interface ConnectionWatch {
  connected: () => boolean;
  whenConnected: () => Promise<void>;
  /** Calls `abort` when this instance's connection drops; returns its undo. */
  onCut: (abort: () => void) => () => void;
}

type Follow = (onChange: (online: boolean) => void) => void;

/**
 * Whether an instance is connected (as `follow` tells), and a wait for the next connection: an
 * upload's requests are cut when the connection drops and resume once it is back.
 */
function watchConnection(follow: Follow): ConnectionWatch {
  let connected = false;
  const reconnected: Array<() => void> = [];
  const cuts = new Set<() => void>();
  follow((online) => {
    connected = online;
    if (!connected) {
      for (const cut of [...cuts]) cut();
      return;
    }
    for (const resolve of reconnected.splice(0)) resolve();
  });
  return {
    connected: () => connected,
    whenConnected: (): Promise<void> =>
      connected ? Promise.resolve() : new Promise<void>((resolve) => reconnected.push(resolve)),
    onCut: (abort) => {
      cuts.add(abort);
      return () => cuts.delete(abort);
    },
  };
}

/**
 * One watch per database instance, made at its first use: an upload follows whether its
 * conversation's instance can be reached (reach-connected.ts, docs/scaling.md): that instance's
 * own connection while one is open anyway (it may drop or be switched off alone, and its `have`
 * marks are then read over it), else the app's online (`watchOnline`, the home's), its
 * bookkeeping then going through the slot or over REST: an instance not open is never
 * connected for its watch.
 */
export function connectionWatches(
  watchOnline: (onChange: (online: boolean) => void) => () => void,
): (on: Reach) => ConnectionWatch {
  const watches = new Map<Database, ConnectionWatch>();
  return (on) => {
    let watch = watches.get(on.db);
    if (!watch) {
      const own = (onChange: (connected: boolean) => void) =>
        onValue(ref(on.db, '.info/connected'), (snapshot) => onChange(snapshot.val() === true));
      watch = watchConnection(
        (onChange) =>
          void followReachable((onPin) => on.watchPinned(onPin), own, watchOnline, onChange),
      );
      watches.set(on.db, watch);
    }
    return watch;
  };
}
