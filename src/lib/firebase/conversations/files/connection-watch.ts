import type { Database } from 'firebase/database';
import { placementsOf } from '../placement/placements';

/**
 * Whether the app is online (the home's connection once known: `watchOnline`), and a wait for
 * the next connection: an upload's requests are cut when the connection drops (`onDrop`) and
 * resume once it is back.
 */
export function watchConnection(db: Database, onDrop: () => void) {
  let connected = false;
  const reconnected: Array<() => void> = [];
  placementsOf(db).watchOnline((online) => {
    connected = online;
    if (!connected) {
      onDrop();
      return;
    }
    for (const resolve of reconnected.splice(0)) resolve();
  });
  return {
    connected: () => connected,
    whenConnected: (): Promise<void> =>
      connected ? Promise.resolve() : new Promise<void>((resolve) => reconnected.push(resolve)),
  };
}
