/**
 * When the directory is looked at once it is in the slot (docs/scaling.md, "The directory in the
 * slot"): the SDK's listeners there are kept all along but hear only while it is connected, so
 * it is put online for a look at each directory hint on the home (`hints/{uid}/directory`,
 * written with every relationship step concerning the person), after each reconnect of the home
 * (hints sent meanwhile may be lost), and every 15 minutes (a friend's profile or picture change
 * writes no hint). A look lasts the slot's idle time: what the listeners hear then is live.
 */
import { get, onValue, ref, type Database, type Unsubscribe } from 'firebase/database';
import type { Connections } from './connections-api';
import { makeOnlineWatch } from './online';
import { watchServerUses } from './sdk-uses';
import { DEFAULT_INSTANCE } from './shapes';

/** How often the directory is looked at without a hint: a profile change shows within that. */
const DIRECTORY_LOOK_MS = 15 * 60_000;

function followDirectory(
  home: Database,
  uid: string,
  look: () => void,
  everyMs = DIRECTORY_LOOK_MS,
): Unsubscribe {
  const timer = setInterval(look, everyMs);
  // The inbox consumes the hint too (inbox/instances.ts): its value is heard before that.
  const stopHint = onValue(
    ref(home, `hints/${uid}/directory`),
    (snapshot) => {
      if (snapshot.exists()) look();
    },
    () => undefined,
  );
  let wasOnline = false;
  let dropped = false;
  const stopConnected = onValue(ref(home, '.info/connected'), (snapshot) => {
    const online = snapshot.val() === true;
    if (online && dropped) {
      dropped = false;
      look();
    }
    if (!online && wasOnline) dropped = true;
    wasOnline = online;
  });
  return () => {
    clearInterval(timer);
    stopHint();
    stopConnected();
  };
}

/**
 * The directory kept until the signed-in person's home is known; then, when that home is
 * another instance, in the slot (connections.ts) like any other: put online by each use the SDK
 * makes of it and by the looks above, closed once idle. Kept when it is the home, or when the
 * client cannot watch the SDK's uses or read the directory over REST.
 */
export function inSlotOnceHomeKnown(
  directory: Database,
  connections: Pick<Connections, 'keep' | 'release' | 'use'>,
  everyMs: () => number | undefined = () => undefined,
) {
  const online = makeOnlineWatch(directory);
  let watched: boolean | null = null;
  let following: { uid: string; stop: Unsubscribe } | null = null;
  let released = false;
  return {
    homeIs: (uid: string, home: number, homeDb: Database, restToDirectory: boolean) => {
      online.homeIs(homeDb);
      if (following?.uid === uid) return;
      following?.stop();
      following = null;
      if (home === DEFAULT_INSTANCE || !restToDirectory) {
        released = false;
        connections.keep(DEFAULT_INSTANCE);
        following = { uid, stop: () => undefined };
        return;
      }
      watched ??= watchServerUses(directory, () => connections.use(DEFAULT_INSTANCE));
      if (!watched) return;
      // A look is one read sent to the server after the listeners' own, so it holds the
      // directory (busy, not given away to the next look) until they are answered: the server
      // answers a connection's requests in order, the SDK sends listens first on reconnecting.
      // `homes/{uid}` is read, not listened to, so it never comes from the SDK's copy.
      const look = () => void get(ref(directory, `homes/${uid}`)).catch(() => undefined);
      following = { uid, stop: followDirectory(homeDb, uid, look, everyMs()) };
      released = true;
      connections.release(DEFAULT_INSTANCE);
    },
    watchOnline: online.watch,
    /** Whether the directory is in the slot now (its listeners' copies may be stale). */
    inSlot: () => released,
  };
}
