import { onValue, ref, set, type Database, type Unsubscribe } from 'firebase/database';
import { placementsOf } from '../conversations';
import { TypingThrottle } from '../conversations/shapes';
import type { CryptoNow } from '../conversations/shapes';
import { liveInbox } from './live-inbox';
import { readMarkers } from './read-markers';
import { typingSignals } from './typing-signals';

type OnError = (error: Error) => void;

/**
 * The inbox (`inbox/{uid}` for friendships, `groupInbox/{uid}` for groups: live-inbox.ts), read
 * markers (read-markers.ts), typing (typing-signals.ts, 1:1 only) and
 * `settings/{uid}/readReceipts` (docs/data-model.md, Inbox). The entries change with each
 * message, in the message's own update (see messages.ts `send`). Entries, markers and typing
 * live on their conversation's instance (docs/scaling.md).
 */
export function makeInboxApi(
  db: Database,
  cryptoNow: CryptoNow = () => Promise.resolve(null),
  typingThrottle = new TypingThrottle(),
) {
  const receiptsRef = (uid: string) => ref(db, `settings/${uid}/readReceipts`);

  return {
    ...liveInbox(db, cryptoNow),
    ...readMarkers(db),
    ...typingSignals(db, typingThrottle),

    /**
     * Whether this client is connected, live (false while offline): to the home once known,
     * since the directory is then connected only for looks and writes.
     */
    subscribeConnected(onChange: (connected: boolean) => void): Unsubscribe {
      return placementsOf(db).watchOnline(onChange);
    },

    /** My read-receipts preference, live: on unless I switched it off. */
    subscribeReadReceipts(
      uid: string,
      onData: (on: boolean) => void,
      onError: OnError,
    ): Unsubscribe {
      return onValue(receiptsRef(uid), (snapshot) => onData(snapshot.val() !== false), onError);
    },

    setReadReceipts(uid: string, on: boolean): Promise<void> {
      return set(receiptsRef(uid), on);
    },
  };
}

export type InboxApi = ReturnType<typeof makeInboxApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    inbox: InboxApi;
  }
}
