/**
 * The Functions' `before` for the local mirror twin (mirror.ts): what each record of a followed
 * tree held before a streamed event, as the twin last saw it. mirror.ts tells a home's move
 * from it (functions/src/mirror-homes.ts), so only a move deletes home copies elsewhere.
 */
import type { StreamEvent } from './rest-stream';

/**
 * A tracker of the records one level under a tree (`homes/{uid}`): each event gives the values
 * its records held before it. Unknown (undefined) for the stream's first answer, the whole
 * tree: a (re)start backfills the mirrors without deleting anything, so a move made while the
 * twin was down leaves its old home's copy (the function, never down for long, sees each move).
 */
export function recordsBefore() {
  const values = new Map<string, unknown>();
  let first = true;
  return (kind: string, event: StreamEvent): Map<string, unknown> => {
    const at = event.path.split('/').filter(Boolean);
    const after = new Map<string, unknown>();
    const data = typeof event.data === 'object' && event.data !== null ? event.data : {};
    if (at.length === 0 && kind === 'put') {
      for (const key of values.keys()) after.set(key, null);
      for (const [key, value] of Object.entries(data)) after.set(key, value);
    } else if (at.length === 0) {
      for (const [key, value] of Object.entries(data))
        if (!key.includes('/')) after.set(key, value);
    } else if (at.length === 1 && kind === 'put') {
      after.set(at[0], event.data);
    }
    // A write below a record (not a home's shape): its before is not known.
    const before = new Map<string, unknown>();
    for (const [key, value] of after) {
      before.set(key, first ? undefined : (values.get(key) ?? null));
      if (value === null) values.delete(key);
      else values.set(key, value);
    }
    first = false;
    return before;
  };
}
