import { onValue, ref, set, type Database, type Unsubscribe } from 'firebase/database';
import type { ConversationKind } from '../../conversation-key';
import { hiddenPath } from './actions-write';

/** Delete for me: the ids one person hid in a conversation, on all of their devices. */
export function hiddenMessages(db: Database, kind: ConversationKind) {
  return {
    /** Deletes a message for me: hidden on every device of `uid`, nobody else affected. */
    hide(uid: string, conversationId: string, messageId: string): Promise<void> {
      return set(ref(db, `${hiddenPath(kind, uid, conversationId)}/${messageId}`), true);
    },

    /** The ids `uid` deleted for themself in conversation `conversationId`, live. */
    subscribeHidden(
      uid: string,
      conversationId: string,
      onData: (ids: Set<string>) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return onValue(
        ref(db, hiddenPath(kind, uid, conversationId)),
        (snapshot) => {
          const ids = new Set<string>();
          snapshot.forEach((child) => {
            if (child.key && child.val() === true) ids.add(child.key);
          });
          onData(ids);
        },
        onError,
      );
    },
  };
}
