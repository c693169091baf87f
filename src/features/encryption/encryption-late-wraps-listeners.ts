import { createSelector } from '@reduxjs/toolkit';
import { directKey, groupKey, type ConversationKey } from '../../lib/conversation-key';
import type { KeyWait, LateWraps } from '../../lib/crypto/late-wraps';
import { relationWith, selectFriendRows, selectRelationIndex } from '../friends';
import { selectMyGroupIds } from '../groups';
import type { AppStartListening, RootState } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { encryptionSession } from './encryption-session';
import { oldKeysArrived } from './encryption-slice';
import { loadSessionCrypto } from './session-crypto';

/** Every conversation I am in now: my friendships and my groups. */
const selectMyConversations = createSelector(
  [selectFriendRows, selectMyGroupIds],
  (friends, groups): ConversationKey[] => [
    ...friends.map((row) => directKey(row.friendship.id)),
    ...groups.map(groupKey),
  ],
);

/**
 * Late wraps (src/lib/crypto/late-wraps.ts) while signed in: the waits of each conversation I am
 * in are followed within the three connections (src/lib/firebase/encryption/waits.ts: live on
 * the directory, my home and the open conversation's instance, elsewhere read at each look). An epoch owed to me is asked for once I have a device, and when it is
 * served the messages shown as 'Encrypted on another device' are opened again (`keysRevision`);
 * an epoch owed to another party that this device holds is wrapped for their devices, never for
 * someone blocked either way.
 */
export function addLateWrapListeners(startAppListening: AppStartListening): void {
  whileSignedIn(startAppListening, (uid, api) => {
    const { extra, dispatch } = api;
    let open = true;
    let late: Promise<LateWraps | null> | null = null;
    // Its relay's timers end with the session (src/lib/firebase/encryption/wait-relay.ts).
    const waitStore = extra.encryption.keyWaitStore(uid);
    const lateWraps = () =>
      (late ??= encryptionSession(uid, extra.encryption).then(async (session) =>
        session
          ? (await loadSessionCrypto()).makeLateWraps(
              session.device,
              session.keys,
              extra.encryption.keyDirectory(uid),
              waitStore,
            )
          : null,
      ));
    const notBlocked = (state: RootState) => (other: string) => {
      const kind = relationWith(selectRelationIndex(state), uid, other).kind;
      return kind !== 'blocking' && kind !== 'blockedBy';
    };
    /** Each conversation's waits as last read, to serve again when a pin changes. */
    const lastWaits = new Map<ConversationKey, KeyWait[]>();
    const syncWaits = (conversation: ConversationKey, waits: KeyWait[]) => {
      void (async () => {
        const wraps = await lateWraps();
        if (!wraps || !open) return;
        const { arrived } = await wraps.sync(conversation, waits, notBlocked(api.getState()));
        if (arrived) dispatch(oldKeysArrived());
      })().catch(() => undefined);
    };
    const follow = (conversation: ConversationKey) =>
      extra.encryption.subscribeKeyWaits(conversation, (waits) => {
        lastWaits.set(conversation, waits);
        if (waits.length > 0) syncWaits(conversation, waits);
      });
    // A changed identity key I accept (or a first pin) may make a party's devices trusted: the
    // epochs owed to them that no trusted device could take before are served now.
    let stopPins: () => void = () => undefined;
    void encryptionSession(uid, extra.encryption).then((session) => {
      if (!session || !open) return;
      stopPins = session.trust.subscribe(() => {
        for (const [conversation, waits] of lastWaits) {
          if (waits.some((w) => w.asked && !w.served)) syncWaits(conversation, waits);
        }
      });
    });
    const following = new Map<ConversationKey, () => void>();
    const sync = (wanted: readonly ConversationKey[]) => {
      for (const [conversation, stop] of following) {
        if (wanted.includes(conversation)) continue;
        stop();
        following.delete(conversation);
        lastWaits.delete(conversation);
      }
      for (const conversation of wanted) {
        if (!following.has(conversation)) following.set(conversation, follow(conversation));
      }
    };
    sync(selectMyConversations(api.getState()));
    const stop = startAppListening({
      predicate: (_action, current, previous) =>
        selectMyConversations(current) !== selectMyConversations(previous),
      effect: (_action, listener) => sync(selectMyConversations(listener.getState())),
    });
    return () => {
      open = false;
      waitStore.close();
      stopPins();
      stop();
      sync([]);
    };
  });
}
