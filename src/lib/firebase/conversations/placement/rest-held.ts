/**
 * Slot work over REST held while the app is offline (docs/scaling.md, "Bounded connections").
 * A write made offline over a connection is queued by the SDK and sent once it is back; an
 * edit, a reaction or a hide on a conversation reached over REST (the three connections taken)
 * is held the same way: until the app is online again (the home's connection, online.ts), then
 * sent. A request the network cut meanwhile is sent again once online: the writes repeat
 * harmlessly (the same values under the same ids), so each is stored once. Held in memory, as
 * the SDK's queue is: a reload loses both alike.
 */
import { Unreachable } from './slot-access';

type WatchOnline = (onChange: (online: boolean) => void) => () => void;

/** Between tries when the network fails while the home's connection still says online. */
const RETRY_MS = 1_000;

/** Resolves once `watchOnline` says online (at once when it already does). */
function whenOnline(watchOnline: WatchOnline): Promise<void> {
  let stop = () => undefined as unknown;
  const online = new Promise<void>((resolve) => {
    stop = watchOnline((now) => {
      if (now) resolve();
    });
  });
  // Stopped after the answer, a microtask later: `stop` is known by then even when it came
  // synchronously.
  return online.finally(() => stop());
}

/** Runs REST work once online, again after each request the network did not carry. */
export function heldWhileOffline(watchOnline: WatchOnline) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    for (;;) {
      await whenOnline(watchOnline);
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  };
}
