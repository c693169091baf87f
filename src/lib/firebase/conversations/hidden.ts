import { onValue, ref, type Unsubscribe } from 'firebase/database';
import { conversationKey, type ConversationKind } from '../../conversation-key';
import { listenPlaced, writeFollowingMoves, type Placements } from './placement';
import { hiddenPath } from './actions-write';

/**
 * Delete for me: the ids one person hid in a conversation, on all of their devices. Kept on the
 * conversation's instance, beside the entry whose cover hides with them.
 */
export function hiddenMessages(placements: Placements, kind: ConversationKind) {
  return {
    /** Deletes a message for me: hidden on every device of `uid`, nobody else affected. */
    hide(uid: string, conversationId: string, messageId: string): Promise<void> {
      const path = `${hiddenPath(kind, uid, conversationId)}/${messageId}`;
      return writeFollowingMoves(placements, conversationKey(kind, conversationId), (at) =>
        at.write(path, true),
      );
    },

    /** The ids `uid` deleted for themself in conversation `conversationId`, live. */
    subscribeHidden(
      uid: string,
      conversationId: string,
      onData: (ids: Set<string>) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return listenPlaced(
        placements,
        conversationKey(kind, conversationId),
        (db, failed) =>
          onValue(
            ref(db, hiddenPath(kind, uid, conversationId)),
            (snapshot) => {
              const ids = new Set<string>();
              snapshot.forEach((child) => {
                if (child.key && child.val() === true) ids.add(child.key);
              });
              onData(ids);
            },
            failed,
          ),
        onError,
      );
    },
  };
}
