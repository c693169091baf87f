/** A Node SDK listener the latency benches wait on (section 6, the inbox). */
import { onValue, ref, type Database } from 'firebase/database';

const TIMEOUT_MS = 10_000;

/** One live listener at `path`; `next(accept)` resolves at the first event whose value passes. */
export function watch(db: Database, path: string) {
  let waiting: { accept: (value: unknown) => boolean; resolve: (at: number) => void } | null = null;
  let failure: ((error: Error) => void) | null = null;
  const stop = onValue(
    ref(db, path),
    (snapshot) => {
      if (!waiting?.accept(snapshot.val())) return;
      const { resolve } = waiting;
      waiting = null;
      resolve(performance.now());
    },
    (error) => failure?.(error),
  );
  const next = (accept: (value: unknown) => boolean) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event at ${path} in 10 s`)), TIMEOUT_MS);
      failure = reject;
      waiting = {
        accept,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
    });
  return { next, stop };
}
