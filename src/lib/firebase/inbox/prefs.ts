import {
  onValue,
  ref,
  remove,
  serverTimestamp,
  set,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { ownConversationPath, type ConversationKey } from '../../conversation-key';
import { placementsOf } from '../conversations';
import { homeRecords } from '../records-at-home';
import { parseInboxPrefs, type InboxPrefs, type MutedUntil } from './prefs-record';

/**
 * My mute, archive and pins (`inboxPrefs/{uid}`, rules/inbox-prefs.ts): mine alone, live on each
 * of my devices. Each change is one small write, so concurrent changes of two conversations from
 * two devices never undo each other; the pins are one array, rewritten whole. They live on my
 * home (`db` is the directory; records-at-home.ts).
 */
export function makeInboxPrefsApi(db: Database) {
  const conversationPath = (uid: string, key: ConversationKey) =>
    ownConversationPath('inboxPrefs', uid, key);
  const { listenOnHome, onHome } = homeRecords(db, (uid) => placementsOf(db).homeOfNow(uid));
  return {
    subscribe(
      uid: string,
      onData: (prefs: InboxPrefs) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return listenOnHome(
        uid,
        (home) =>
          onValue(
            ref(home, `inboxPrefs/${uid}`),
            (snapshot) => onData(parseInboxPrefs(snapshot.val())),
            onError,
          ),
        onError,
      );
    },
    /** Muted until a time or always; null unmutes. */
    setMute(uid: string, key: ConversationKey, until: MutedUntil | null): Promise<void> {
      return onHome(uid, (home) => {
        const at = ref(home, `${conversationPath(uid, key)}/mutedUntil`);
        return until === null ? remove(at) : set(at, until);
      });
    },
    setArchived(uid: string, key: ConversationKey, archived: boolean): Promise<void> {
      return onHome(uid, (home) => {
        const at = ref(home, `${conversationPath(uid, key)}/archivedAt`);
        return archived ? set(at, serverTimestamp()) : remove(at);
      });
    },
    /** The whole pin list, in order (at most three: the rules refuse a fourth). */
    setPins(uid: string, pins: readonly ConversationKey[]): Promise<void> {
      return onHome(uid, (home) => {
        const at = ref(home, `inboxPrefs/${uid}/pins`);
        return pins.length === 0 ? remove(at) : set(at, [...pins]);
      });
    },
  };
}

export type InboxPrefsApi = ReturnType<typeof makeInboxPrefsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    inboxPrefs: InboxPrefsApi;
  }
}
