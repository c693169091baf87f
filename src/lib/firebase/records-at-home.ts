/**
 * Each person's own records live on their home instance (docs/scaling.md, "Instances and what
 * lives where"): `status`, `inboxPrefs`, `drafts`, `deviceSeen`. They are read and written on
 * the placements' `homeOfNow(uid)`, which is the directory with one instance. The home's rules
 * take them only once the mirror of `homes/{uid}` has landed there
 * (rules/conversations-placement.ts, `onTheirHome`), so a write that reaches a new home first (a
 * person who just registered) waits for that mirror and is tried once more, as a conversation's
 * first send waits for its placement's mirror.
 */
import { onValue, ref, update, type Database, type Unsubscribe } from 'firebase/database';

/** How long a refused write waits for the home's mirror (the mirror function takes ~1 s). */
const MIRROR_WAIT_MS = 15_000;

type Changes = Record<string, unknown>;

/** `placementsOf(directory).homeOfNow`: `uid`'s home database, kept open from then on. */
export type HomeOfNow = (uid: string) => Database | Promise<Database>;

const refused = (error: unknown) =>
  error instanceof Error && /permission[_ ]denied/i.test(error.message);

/** Resolves true once `homes/{uid}` is mirrored on `home` (at once if it is), false after a wait. */
function homeLanded(home: Database, uid: string, waitMs = MIRROR_WAIT_MS): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const settle = (landed: boolean) => {
      clearTimeout(timer);
      stop();
      resolve(landed);
    };
    const timer = setTimeout(() => settle(false), waitMs);
    const stop = onValue(
      ref(home, `homes/${uid}`),
      (snapshot) => {
        if (snapshot.exists()) settle(true);
      },
      () => settle(false),
    );
  });
}

/** The person's records on their home, for the gateways of `directory`. */
export function homeRecords(directory: Database, homeOfNow: HomeOfNow) {
  /**
   * `write` on `uid`'s home; refused there before the home's mirror landed, it waits for the
   * mirror and runs once more. A refusal on the directory, or a second one, is the caller's.
   */
  const onHome = async <T>(uid: string, write: (home: Database) => Promise<T>): Promise<T> => {
    const home = await homeOfNow(uid);
    try {
      return await write(home);
    } catch (error) {
      if (home === directory || !refused(error) || !(await homeLanded(home, uid))) throw error;
      return write(home);
    }
  };

  return {
    onHome,

    /** A listener on `uid`'s home, attached as soon as the home is known (unless stopped). */
    listenOnHome: (
      uid: string,
      attach: (home: Database) => Unsubscribe,
      onError: (error: Error) => void,
    ): Unsubscribe => {
      let stop: Unsubscribe | null = null;
      let stopped = false;
      Promise.resolve(homeOfNow(uid)).then(
        (home) => {
          if (!stopped) stop = attach(home);
        },
        (error: unknown) => {
          if (!stopped) onError(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },

    /**
     * A change of the directory's records with the matching change of `uid`'s records on their
     * home (a device published or removed): one update when the home is the directory, so both
     * land or neither; otherwise the directory's first, then the home's (a last use left
     * without its device is harmless; a device without it shows as never used).
     * `writeDirectory` gets the home's changes to add when both are one database. `besides`:
     * the home's change is best effort, not waited for (a new device's first last use: the
     * device must not wait for a home whose mirror is late; the next start writes it again).
     */
    updateWithHome: async (
      uid: string,
      homeChanges: Changes,
      writeDirectory: (alsoHere: Changes) => Promise<void>,
      besides = false,
    ): Promise<void> => {
      const home = await homeOfNow(uid);
      if (home === directory) return writeDirectory(homeChanges);
      await writeDirectory({});
      const atHome = onHome(uid, (at) => update(ref(at), homeChanges));
      if (besides) atHome.catch(() => undefined);
      else await atHome;
    },

    /** `uid`'s home database. */
    homeOf: async (uid: string): Promise<Database> => homeOfNow(uid),
  };
}
