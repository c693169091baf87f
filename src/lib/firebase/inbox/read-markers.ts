import { ref, serverTimestamp, type Database, type Unsubscribe } from 'firebase/database';
import { parseConversationKey, type ConversationKey } from '../../conversation-key';
import { announceSoon, placementsOf, writeFollowingMoves } from '../conversations';
import { inboxEntryPath, readsPath } from '../conversations/shapes';
import { parseReadMarker, type ReadMarker } from './entry';
import { onPlacedValue } from './placed-value';

type OnError = (error: Error) => void;

/**
 * Read markers (`reads/{conversationId}/{uid}`, `groupReads/{groupId}/{uid}`) and the unread
 * count they clear, on their conversation's instance (docs/scaling.md).
 */
export function readMarkers(db: Database) {
  const placements = placementsOf(db);
  return {
    /**
     * Clears my unread count of conversation `key`, naming the last message I saw: the server
     * refuses the reset (and the promise rejects) when another message arrived since, so a count
     * is never cleared for a message nobody showed me; the entry's update then asks again. With
     * receipts on, my read marker moves in the same update (only allowed while we are friends,
     * or while I am in the group).
     */
    markRead(
      uid: string,
      key: ConversationKey,
      lastMessageId: string,
      receiptsOn: boolean,
    ): Promise<void> {
      const { kind, id } = parseConversationKey(key);
      const entry = inboxEntryPath(kind, uid, id);
      const changes: Record<string, unknown> = {
        [`${entry}/unread`]: 0,
        [`${entry}/lastMessageId`]: lastMessageId,
      };
      if (receiptsOn) {
        changes[readsPath(kind, id, uid)] = { at: serverTimestamp(), messageId: lastMessageId };
      }
      // Refused while the conversation moves: held, then written where it went. Away from
      // my home my list reads this entry by looks: my own hint asks for one, here and on my
      // other devices, so the badge goes with the read.
      return writeFollowingMoves(placements, key, (at) => at.update(changes)).then(() =>
        announceSoon(placements, key, uid),
      );
    },

    /** How far `friendUid` has read `conversationId`, live; null when they never marked it. */
    subscribeReadMarker(
      conversationId: string,
      friendUid: string,
      onData: (marker: ReadMarker | null) => void,
      onError: OnError,
    ): Unsubscribe {
      return onPlacedValue(
        db,
        { kind: 'direct', id: conversationId },
        (on) => ref(on, readsPath('direct', conversationId, friendUid)),
        (snapshot) => onData(parseReadMarker(snapshot.val())),
        onError,
      );
    },

    /** Every read marker of a group's conversation by uid, live (the admin's and members'). */
    subscribeReadMarkers(
      groupId: string,
      onData: (markers: Record<string, ReadMarker>) => void,
      onError: OnError,
    ): Unsubscribe {
      return onPlacedValue(
        db,
        { kind: 'group', id: groupId },
        (on) => ref(on, readsPath('group', groupId)),
        (snapshot) => {
          const markers: Record<string, ReadMarker> = {};
          snapshot.forEach((child) => {
            const marker = parseReadMarker(child.val());
            if (child.key && marker) markers[child.key] = marker;
          });
          onData(markers);
        },
        onError,
      );
    },
  };
}
