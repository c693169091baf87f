/**
 * The database side of late wraps (src/lib/crypto/late-wraps.ts, rules/encryption-key-waits.ts):
 * `conversationKeyWaits/{conversationId}` and `groupKeyWaits/{groupId}`, `{uid: {epochId: {of, asked?,
 * served?}}}`, read live by every party, and the one update that serves a wait.
 */
import { onValue, ref, serverTimestamp, set, update, type Unsubscribe } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import type { KeyWait, KeyWaitStore } from '../../crypto/late-wraps';
import { listenPlaced } from '../conversations';
import { wrapsTree } from './paths';
import type { PlacedKeyRecords } from './placed';
import { isRecord } from '../../is-record';

/** The waits of one conversation as stored, malformed ones left out. */
function parseKeyWaits(value: unknown): KeyWait[] {
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([uid, epochs]) =>
    Object.entries(isRecord(epochs) ? epochs : {}).flatMap(([epoch, wait]) =>
      isRecord(wait) && typeof wait.of === 'string'
        ? [{ uid, epoch, of: wait.of, asked: wait.asked != null, served: wait.served === true }]
        : [],
    ),
  );
}

/** On each conversation's instance (placed.ts), where the wraps they are served with live too. */
export function makeKeyWaitsApi(placed: PlacedKeyRecords) {
  return {
    /**
     * The waits of `conversation`, live, on its instance (once its mirror landed there); stops
     * (silently) when I am no longer a party.
     */
    subscribeKeyWaits(
      conversation: ConversationKey,
      onWaits: (waits: KeyWait[]) => void,
    ): Unsubscribe {
      const { waits, id } = wrapsTree(conversation);
      return listenPlaced(
        placed.placements,
        conversation,
        (db, onError) =>
          onValue(
            ref(db, `${waits}/${id}`),
            (snapshot) => onWaits(parseKeyWaits(snapshot.val())),
            onError,
          ),
        () => undefined,
      );
    },

    keyWaitStore(me: string): KeyWaitStore {
      return {
        ask(conversation, epoch) {
          const { waits, id } = wrapsTree(conversation);
          return placed.onItsInstance(conversation, (db) =>
            set(ref(db, `${waits}/${id}/${me}/${epoch}/asked`), serverTimestamp()),
          );
        },
        serve(conversation, uid, epoch, wraps) {
          const { tree, waits, id } = wrapsTree(conversation);
          const changes: Record<string, unknown> = {
            [`${waits}/${id}/${uid}/${epoch}/served`]: true,
          };
          for (const wrap of wraps) {
            changes[`${tree}/${id}/${uid}/${epoch}/${wrap.deviceId}`] = {
              key: wrap.key,
              by: me,
              from: wrap.from,
            };
          }
          return placed.onItsInstance(conversation, (db) => update(ref(db), changes));
        },
      };
    },
  };
}
