/**
 * Waiting for a conversation's mirrored placement to land on its instance (docs/scaling.md,
 * the mirrors): a write or a listen that beat the mirror function there is refused, and is worth
 * trying again once the placement is there.
 */
import { onValue, ref, type Database } from 'firebase/database';

/** Resolves true once `path` exists on `db` (at once if it does), false after `waitMs` or a refusal. */
export function mirrorThere(db: Database, path: string, waitMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    // The SDK may answer from its cache before `onValue` returns.
    let stop: (() => void) | null = null;
    const state = { done: false };
    const settle = (landed: boolean) => {
      if (state.done) return;
      state.done = true;
      clearTimeout(timer);
      stop?.();
      resolve(landed);
    };
    const timer = setTimeout(() => settle(false), waitMs);
    stop = onValue(
      ref(db, path),
      (snapshot) => {
        if (snapshot.exists()) settle(true);
      },
      () => settle(false),
    );
    if (state.done) stop();
  });
}
