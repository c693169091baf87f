import { onDisconnect, ref, remove, serverTimestamp, set } from 'firebase/database';
import type { Database, Unsubscribe } from 'firebase/database';
import { conversationKey } from '../../conversation-key';
import { isRefusal, placementsOf } from '../conversations';
import { TypingThrottle } from '../conversations/shapes';
import { onPlacedValue } from './placed-value';

type OnError = (error: Error) => void;

/** `db`: the conversation's instance. */
const typingRef = (db: Database, conversationId: string, uid: string) =>
  ref(db, `typing/${conversationId}/${uid}`);

/**
 * Typing signals (`typing/{conversationId}/{uid}`, 1:1 only), on their conversation's instance
 * (docs/scaling.md); the only write besides presence the server removes on a dropped connection.
 */
export function typingSignals(directory: Database, typingThrottle = new TypingThrottle()) {
  const placements = placementsOf(directory);
  return {
    /**
     * Says (`on`) or unsays that `uid` is typing in `conversationId`. "On" writes at most once every 2 s
     * per conversation (the rest resolve at once); the server removes the signal if the
     * connection drops. "Off" (on send, leaving the chat, idle) removes it if it was written.
     */
    async setTyping(conversationId: string, uid: string, on: boolean): Promise<void> {
      const key = `${conversationId}/${uid}`;
      const instance = () =>
        Promise.resolve(placements.whereIs(conversationKey('direct', conversationId)));
      // A signal refused while the conversation moves is dropped (the next one, 2 s later, says
      // the same), and its placement read again so that one goes where the conversation went.
      const dropRefused = (error: unknown) => {
        if (!isRefusal(error)) throw error;
        placements.forget(conversationKey('direct', conversationId));
      };
      if (!on) {
        if (!typingThrottle.stop(key)) return;
        const signal = typingRef(await instance(), conversationId, uid);
        await Promise.all([remove(signal), onDisconnect(signal).cancel()]).catch(dropRefused);
        return;
      }
      if (!typingThrottle.shouldWrite(key)) return;
      const signal = typingRef(await instance(), conversationId, uid);
      // Queued before the write on the same connection, so a crash never leaves it behind.
      await Promise.all([onDisconnect(signal).remove(), set(signal, serverTimestamp())]).catch(
        dropRefused,
      );
    },

    /** The server time at which `friendUid` last said they were typing in `conversationId`, or null. */
    subscribeTyping(
      conversationId: string,
      friendUid: string,
      onData: (at: number | null) => void,
      onError: OnError,
    ): Unsubscribe {
      return onPlacedValue(
        directory,
        { kind: 'direct', id: conversationId },
        (on) => typingRef(on, conversationId, friendUid),
        (snapshot) => {
          const at: unknown = snapshot.val();
          onData(typeof at === 'number' ? at : null);
        },
        onError,
      );
    },
  };
}
