/**
 * The database side of late wraps (src/lib/crypto/late-wraps.ts, rules/encryption-key-waits.ts):
 * `conversationKeyWaits/{conversationId}` and `groupKeyWaits/{groupId}`, `{uid: {epochId: {of, asked?,
 * served?}}}`, read by every party within the three connections, and the one update that
 * serves a wait; the asker and the server each wake the other party by a hint, and an ask still
 * owed after a while wakes a group's other members (wait-relay.ts).
 */
import { onValue, ref, serverTimestamp, type Database, type Unsubscribe } from 'firebase/database';
import type { ConversationKey } from '../../conversation-key';
import type { KeyWait, KeyWaitStore } from '../../crypto/late-wraps';
import { announceSoon } from '../conversations';
import { wrapsTree } from './paths';
import type { PlacedKeyRecords } from './placed';
import { makeWaitRelay } from './wait-relay';
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

const isRefusal = (error: Error) => /permission[_ ]denied/i.test(error.message);

/** On each conversation's instance (placed.ts), where the wraps they are served with live too. */
export function makeKeyWaitsApi(placed: PlacedKeyRecords) {
  const { placements } = placed;
  /** Wakes `uid` (their home elsewhere) to read this conversation's waits. */
  const wake = (conversation: ConversationKey, uid: string) =>
    announceSoon(placements, conversation, uid);

  return {
    /**
     * The waits of `conversation` within the three connections (docs/scaling.md, "Bounded
     * connections"): live while its instance's connection is open anyway (the directory, my
     * home, the open conversation's instance), else read with each look at that instance (at
     * sign-in, after a reconnect, for a hint). Stops (silently) when I am no longer a party.
     */
    subscribeKeyWaits(
      conversation: ConversationKey,
      onWaits: (waits: KeyWait[]) => void,
    ): Unsubscribe {
      const { waits, id } = wrapsTree(conversation);
      const path = `${waits}/${id}`;
      /** Live on `db`; a listen refused before the conversation's mirror landed, once more after. */
      const live = (db: Database): Unsubscribe => {
        let stop: Unsubscribe = () => undefined;
        let done = false;
        let retried = false;
        const attach = () => {
          stop = onValue(
            ref(db, path),
            (snapshot) => onWaits(parseKeyWaits(snapshot.val())),
            (error) => {
              if (done || retried || !isRefusal(error)) return;
              retried = true;
              void placements.mirrorLanded(conversation).then((landed) => {
                if (landed && !done) attach();
              });
            },
          );
        };
        attach();
        return () => {
          done = true;
          stop();
        };
      };
      // At a look: over the slot's socket or REST, whichever the bound leaves.
      const read = async (at: { read: (path: string) => Promise<unknown> }) =>
        onWaits(parseKeyWaits(await at.read(path)));
      let stop: Unsubscribe | null = null;
      let stopped = false;
      placements.instanceOf(conversation).then(
        (instance) => {
          if (!stopped) stop = placements.followWithinBound(instance, live, read);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },

    keyWaitStore(me: string): KeyWaitStore {
      const relay = makeWaitRelay(placed, me);
      return {
        async ask(conversation, epoch) {
          const { waits, id } = wrapsTree(conversation);
          const mine = `${waits}/${id}/${me}/${epoch}`;
          const of = await placed.onItsInstance(conversation, async (at) => {
            await at.write(`${mine}/asked`, serverTimestamp());
            return at.read(`${mine}/of`);
          });
          // Its sender holds the epoch: woken, their device serves it. Gone, the others are
          // woken after a while (wait-relay.ts).
          if (typeof of === 'string' && of !== me) wake(conversation, of);
          relay.later(conversation, epoch);
        },
        remind: (conversation, epoch) => relay.later(conversation, epoch),
        close: () => relay.stop(),
        async serve(conversation, uid, epoch, wraps) {
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
          await placed.onItsInstance(conversation, (at) => at.update(changes));
          // Woken, the party's device reads the wait served and opens the epoch's messages.
          wake(conversation, uid);
        },
      };
    },
  };
}
