import {
  onDisconnect,
  onValue,
  ref,
  serverTimestamp,
  set,
  type Database,
  type DataSnapshot,
  type Unsubscribe,
} from 'firebase/database';
import { placementsOf } from '../conversations';
import { homeRecords } from '../records-at-home';
import { followFriendHome } from './friend-home';
import { parsePresenceStatus, type PresenceState, type PresenceStatus } from './status';

type OnError = (error: Error) => void;

const ignore: OnError = () => undefined;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Who is online: `status/{uid}` = `{ state, lastChanged }`, on its owner's home (docs/scaling.md,
 * "Instances and what lives where"), written by its owner only, readable one uid at a time by
 * signed-in users (docs/data-model.md, Presence). `db` is the directory.
 */
export function makePresenceApi(db: Database) {
  const statusOf = (on: Database, uid: string) => ref(on, `status/${uid}`);
  const record = (state: PresenceState) => ({ state, lastChanged: serverTimestamp() });
  const { listenOnHome, onHome } = homeRecords(db, (uid) => placementsOf(db).homeOfNow(uid));

  return {
    /**
     * Marks `uid` online on every (re)connection of their home, and has the home mark them
     * offline when that connection drops (the home is always kept open). Returns how to go
     * offline deliberately. Presence is best effort: a refused write goes to `onError` and
     * changes nothing else.
     */
    goOnline(uid: string, onError: OnError = ignore): () => void {
      let stopped = false;
      let home: Database | null = null;
      const unsubscribe = listenOnHome(
        uid,
        (on) => {
          home = on;
          return onValue(ref(on, '.info/connected'), (connected) => {
            if (connected.val() !== true) return;
            // The standard recipe: the server holds the "offline" write before "online" is
            // written, so a connection lost in between can never leave the user online for good.
            onHome(uid, (at) =>
              onDisconnect(statusOf(at, uid))
                .set(record('offline'))
                .then(() => (stopped ? undefined : set(statusOf(at, uid), record('online')))),
            ).catch(onError);
          });
        },
        onError,
      );
      return () => {
        if (stopped) return;
        stopped = true;
        unsubscribe();
        // Never connected: nothing was written. Sent at once otherwise (no await): the logout
        // signs out right after, and the rules refuse a write that arrives later.
        if (!home) return;
        const status = statusOf(home, uid);
        // Cancelled only once "offline" is stored: if that write is refused, the pending
        // onDisconnect still marks the user offline when the connection closes.
        set(status, record('offline'))
          .then(() => onDisconnect(status).cancel())
          .catch(onError);
      };
    },

    /**
     * `uid`'s status (a friend's, on their home) while shown; null when they have never been
     * online. Live where a connection to their home is open anyway, else read through the slot
     * and again every minute (friend-home.ts).
     */
    subscribeStatus(
      uid: string,
      onData: (status: PresenceStatus | null) => void,
      onError: OnError,
    ): Unsubscribe {
      let stopped = false;
      const deliver = (snapshot: DataSnapshot) => {
        if (!stopped) onData(parsePresenceStatus(snapshot.val()));
      };
      const failed = (error: unknown) => {
        if (!stopped) onError(asError(error));
      };
      const stop = followFriendHome(placementsOf(db), db, uid, {
        live: (on) => onValue(statusOf(on, uid), deliver, failed),
        read: (at) =>
          at.read(`status/${uid}`).then((value) => {
            if (!stopped) onData(parsePresenceStatus(value));
          }, failed),
        onError: failed,
      });
      return () => {
        stopped = true;
        stop();
      };
    },
  };
}

export type PresenceApi = ReturnType<typeof makePresenceApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    presence: PresenceApi;
  }
}
