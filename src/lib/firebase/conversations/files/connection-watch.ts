import { onValue, ref, type Database } from 'firebase/database';

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
 * One watch per database instance, made at its first use: an upload follows the connection of
 * the instance its chunks are written to (its conversation's, docs/scaling.md), not the home's.
 * That instance may drop or be switched off alone, and its `have` marks can only be read once
 * it is back: a read while it is down fails after the SDK's few seconds offline. The directory
 * is the exception: once the home is known it is connected only for looks and writes (its idle
 * close is no drop), so its uploads follow whether the app is online (`watchOnline`, the home's).
 */
export function connectionWatches(
  directory: Database,
  watchOnline: (onChange: (online: boolean) => void) => void,
): (db: Database) => ConnectionWatch {
  const watches = new Map<Database, ConnectionWatch>();
  return (db) => {
    let watch = watches.get(db);
    if (!watch) {
      watch = watchConnection(
        db === directory
          ? watchOnline
          : (onChange) =>
              onValue(ref(db, '.info/connected'), (snapshot) => onChange(snapshot.val() === true)),
      );
      watches.set(db, watch);
    }
    return watch;
  };
}
