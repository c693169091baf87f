import {
  onDisconnect,
  onValue,
  ref,
  serverTimestamp,
  set,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { parsePresenceStatus, type PresenceState, type PresenceStatus } from './status';

type OnError = (error: Error) => void;

const ignore: OnError = () => undefined;

/**
 * Who is online: `status/{uid}` = `{ state, lastChanged }`, written by its owner only, readable
 * one uid at a time by signed-in users (docs/data-model.md, Presence).
 */
export function makePresenceApi(db: Database) {
  const statusOf = (uid: string) => ref(db, `status/${uid}`);
  const record = (state: PresenceState) => ({ state, lastChanged: serverTimestamp() });

  return {
    /**
     * Marks `uid` online on every (re)connection, and has the server mark them offline when the
     * connection drops. Returns how to go offline deliberately. Presence is best effort: a
     * refused write goes to `onError` and changes nothing else.
     */
    goOnline(uid: string, onError: OnError = ignore): () => void {
      const status = statusOf(uid);
      let stopped = false;
      const unsubscribe = onValue(ref(db, '.info/connected'), (connected) => {
        if (connected.val() !== true) return;
        // The standard recipe: the server holds the "offline" write before "online" is written,
        // so a connection lost in between can never leave the user online for good.
        onDisconnect(status)
          .set(record('offline'))
          .then(() => (stopped ? undefined : set(status, record('online'))))
          .catch(onError);
      });
      return () => {
        if (stopped) return;
        stopped = true;
        unsubscribe();
        // Cancelled only once "offline" is stored: if that write is refused, the pending
        // onDisconnect still marks the user offline when the connection closes.
        set(status, record('offline'))
          .then(() => onDisconnect(status).cancel())
          .catch(onError);
      };
    },

    /** `uid`'s status, live; null when they have never been online. */
    subscribeStatus(
      uid: string,
      onData: (status: PresenceStatus | null) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(
        statusOf(uid),
        (snapshot) => onData(parsePresenceStatus(snapshot.val())),
        onError,
      );
    },
  };
}

export type PresenceApi = ReturnType<typeof makePresenceApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    presence: PresenceApi;
  }
}
