import { onValue, ref, type Database, type Unsubscribe } from 'firebase/database';
import type { ConversationKey, ConversationKind } from '../../conversation-key';
import { listenOn, placementsOf } from '../conversations';
import { openInOrder } from '../conversations/shapes';
import type { CryptoNow } from '../conversations/shapes';
import { parseInbox, type InboxEntry } from './entry';
import { entriesOpener, entryMessagesOf } from './entries-opener';
import { followOtherInstances } from './instances';
import { mergeInstances } from './merge';

type OnError = (error: Error) => void;

/**
 * My inbox live (`inbox/{uid}` for friendships, `groupInbox/{uid}` for groups), its entries
 * opened with `cryptoNow`'s keys (entries-opener.ts).
 */
export function liveInbox(db: Database, cryptoNow: CryptoNow) {
  const opened = entriesOpener(cryptoNow, entryMessagesOf(db));
  // My entries of the conversations placed on my home, on my home (docs/scaling.md).
  const placements = placementsOf(db);
  return {
    /**
     * My entries of both trees by conversation key, live: first once both have answered, then
     * on every change of either. With several instances, merged with my entries on the others
     * (instances.ts): each conversation's entry from its own instance.
     */
    subscribeInbox(
      uid: string,
      onData: (inbox: Record<ConversationKey, InboxEntry>) => void,
      onError: OnError,
    ): Unsubscribe {
      const trees: Partial<Record<ConversationKind, Record<ConversationKey, InboxEntry>>> = {};
      // The other instances' entries (instances.ts): none until the home is known.
      let homeInstance: number | null = null;
      let others: ReadonlyMap<number, Partial<Record<ConversationKey, InboxEntry>>> = new Map();
      const deliver = openInOrder(opened, onData, onError);
      const emit = () => {
        if (!trees.direct || !trees.group) return;
        const atHome = { ...trees.direct, ...trees.group };
        deliver(
          homeInstance === null
            ? atHome
            : mergeInstances(homeInstance, atHome, others, (key) =>
                placements.knownInstanceOf(key),
              ),
        );
      };
      const home = placements.homeOfNow(uid);
      const listenTree = (kind: ConversationKind, path: string) =>
        listenOn(
          home,
          (on) =>
            onValue(
              ref(on, path),
              (snapshot) => {
                trees[kind] = parseInbox(kind, snapshot.val());
                emit();
              },
              onError,
            ),
          onError,
        );
      const stops = [
        listenTree('direct', `inbox/${uid}`),
        listenTree('group', `groupInbox/${uid}`),
        followOtherInstances(db, uid, (instance, entries) => {
          homeInstance = instance;
          others = entries;
          emit();
        }),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
