/**
 * This device's estimate of the server's clock (`.info/serverTimeOffset`, which the SDK learns
 * when it connects): the time sealed with a message's words (message-seal.ts), so that readers
 * can compare it with the server's own time for the message whatever this device's clock says.
 */
import { onValue, ref, type Database } from 'firebase/database';

const clocks = new WeakMap<Database, () => number>();

/** The server's time now as `db`'s connection estimates it (this device's time until known). */
export function serverClockOf(db: Database): () => number {
  const known = clocks.get(db);
  if (known) return known;
  let offset = 0;
  onValue(ref(db, '.info/serverTimeOffset'), (snapshot) => {
    const value: unknown = snapshot.val();
    if (typeof value === 'number' && Number.isFinite(value)) offset = value;
  });
  const clock = () => Date.now() + offset;
  clocks.set(db, clock);
  return clock;
}
