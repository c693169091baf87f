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

/** How often a mirror is looked for where no connection is open anyway. */
const POLL_MS = 500;

/**
 * As `mirrorThere`, without a listener: `read` (through the slot, or REST when the three
 * connections are taken) every half second, so waiting for a mirror never holds a connection.
 */
export async function mirrorPolled(read: () => Promise<unknown>, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      if ((await read()) != null) return true;
    } catch {
      return false;
    }
    const left = until - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
  }
}
