/**
 * Slot work over REST held while the app is offline (docs/scaling.md, "Bounded connections").
 * A write made offline over a connection is queued by the SDK and sent once it is back; an
 * edit, a reaction or a hide on a conversation reached over REST (the three connections taken)
 * is held the same way: until the app is online again (the home's connection, online.ts), then
 * sent. A request the network cut meanwhile is sent again once online: the writes repeat
 * harmlessly (the same values under the same ids), so each is stored once. Held in memory, as
 * the SDK's queue is: a reload loses both alike. While the home's connection says online but the
 * instance's requests keep failing (that server down, a proxy refusing it), the tries slow down
 * and give up after a minute with a message, rather than retrying silently for ever.
 */
import { placementStrings } from './placement-strings';
import { Unreachable } from './slot-access';

type WatchOnline = (onChange: (online: boolean) => void) => () => void;

/** Between tries while the home says online: doubling from the first, up to the last. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 15_000;
/** Failing this long while online (offline time not counted): the work fails with a message. */
export const GIVE_UP_AFTER_MS = 60_000;

/** The instance failed every request for a minute while the app was online: its toast says so. */
export class InstanceUnreachable extends Error {
  constructor(cause: unknown) {
    super(placementStrings.instanceUnreachable, { cause });
    this.name = 'InstanceUnreachable';
  }
}

/**
 * Resolves once `watchOnline` says online: `true` when it had to wait (the app was offline),
 * `false` when it was online already.
 */
function whenOnline(watchOnline: WatchOnline): Promise<boolean> {
  let stop = () => undefined as unknown;
  let waited = false;
  const online = new Promise<boolean>((resolve) => {
    let first = true;
    stop = watchOnline((now) => {
      if (now) resolve(waited);
      else if (first) waited = true;
      first = false;
    });
  });
  // Stopped after the answer, a microtask later: `stop` is known by then even when it came
  // synchronously.
  return online.finally(() => stop());
}

/** Runs REST work once online, again after each request the network did not carry. */
export function heldWhileOffline(watchOnline: WatchOnline) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    let failingSince: number | undefined;
    let retryMs = FIRST_RETRY_MS;
    for (;;) {
      if (await whenOnline(watchOnline)) {
        // Back from offline: the failures before were the network's, counted afresh.
        failingSince = undefined;
        retryMs = FIRST_RETRY_MS;
      }
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        const now = Date.now();
        failingSince ??= now;
        if (now - failingSince >= GIVE_UP_AFTER_MS) throw new InstanceUnreachable(error);
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    }
  };
}
