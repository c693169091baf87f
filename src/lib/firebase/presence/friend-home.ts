/**
 * A friend's record on their home, within the bound of three connections (docs/scaling.md,
 * "Bounded connections"): live where a connection to that home is open anyway (the directory,
 * my home, the open conversation's instance: `followWithinBound`), otherwise read through the
 * slot at once, at each look there, and every minute while shown. So showing a friend's
 * presence never opens a connection of its own; away from my connections it is up to a minute
 * old.
 */
import type { Database, Unsubscribe } from 'firebase/database';
import type { placementsOf, SlotAccess } from '../conversations';

/** The directory's instance number (placement/shapes.ts), always connected. */
const DIRECTORY = 0;

/** How often a record shown from a home not otherwise connected is read again. */
export const FRIEND_HOME_REFRESH_MS = 60_000;

interface Follow {
  /** Attaches a live listener on the home's database. */
  live: (home: Database) => Unsubscribe;
  /** Reads it once on the home, by its socket or REST (never rejects: it reports its own failure). */
  read: (home: SlotAccess) => Promise<void>;
  /** Where the home could not be found. */
  onError: (error: unknown) => void;
}

/** What of the placements (conversations/placement) a friend's home is followed through. */
type Placements = Pick<
  ReturnType<typeof placementsOf>,
  'isSharded' | 'homeOf' | 'followWithinBound' | 'throughSlot'
>;

export function followFriendHome(
  placements: Placements,
  directory: Database,
  uid: string,
  { live, read, onError }: Follow,
): Unsubscribe {
  let stop: Unsubscribe = () => undefined;
  let stopped = false;
  const follow = async () => {
    // One instance: everything is on the directory, and no home is read.
    const instance = (await placements.isSharded()) ? await placements.homeOf(uid) : null;
    if (stopped) return;
    if (instance === null || instance === DIRECTORY) {
      // The directory is always connected.
      stop = live(directory);
      return;
    }
    let liveNow = false;
    const stopFollowing = placements.followWithinBound(
      instance,
      (home) => {
        liveNow = true;
        const off = live(home);
        return () => {
          liveNow = false;
          off();
        };
      },
      read,
    );
    const timer = setInterval(() => {
      if (!liveNow) void placements.throughSlot(instance, read).catch(onError);
    }, FRIEND_HOME_REFRESH_MS);
    stop = () => {
      clearInterval(timer);
      stopFollowing();
    };
  };
  follow().catch(onError);
  return () => {
    stopped = true;
    stop();
  };
}
