/**
 * Listeners on a conversation's instance (docs/scaling.md, "Past one database"): attached once
 * its placement is known, waiting out a mirror not landed yet, and following the conversation
 * through every move ("Rebalancing"), onto another instance or back onto the directory.
 */
import type { Database, Unsubscribe } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import { isRefusal } from './moves';
import type { Placements } from './placements';

/**
 * A listener on a database found at once or later (a placement being read): attached as soon
 * as it is known, unless stopped before; a failure to find it goes to `onError` like a refused
 * listen. `attach` gets the `onError` its listens report to.
 */
export function listenOn(
  where: Database | Promise<Database>,
  attach: (db: Database, onError: (error: Error) => void) => Unsubscribe,
  onError: (error: Error) => void,
): Unsubscribe {
  if (!(where instanceof Promise)) return attach(where, onError);
  let stop: Unsubscribe | null = null;
  let stopped = false;
  where.then(
    (db) => {
      if (!stopped) stop = attach(db, onError);
    },
    (error: unknown) => {
      if (!stopped) onError(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * A listener on conversation `key`, on its instance: as `listenOn`, and a listen refused there
 * is attached again where the directory's placement then says: on another instance after a move
 * (waiting out the freeze), as many moves as there are, or on the same one once its mirror
 * landed (opened at once after the accept). Only a second refusal in a row on the same database,
 * or any other error, is reported: that is the rules' answer (blocked, removed), not a move.
 */
export function listenPlaced(
  placements: Placements,
  key: ConversationKey,
  attach: (db: Database, onError: (error: Error) => void) => Unsubscribe,
  onError: (error: Error) => void,
): Unsubscribe {
  let current: Unsubscribe = () => undefined;
  let stopped = false;
  let attempt = 0;
  const start = (refusedBefore: Database | null) => {
    const mine = ++attempt;
    let failed = false;
    let on: Database | null = null;
    // Held while attached: the open conversation's instance is one of the three connections.
    const held = (db: Database, failedHere: (error: Error) => void): Unsubscribe => {
      on = db;
      const release = placements.holdOn(db);
      const stop = attach(db, failedHere);
      return () => {
        stop();
        release();
      };
    };
    current = listenOn(placements.whereIs(key), held, (error) => {
      // One refusal cancels every SDK listener of the attach: the first one speaks for all.
      if (stopped || failed || mine !== attempt) return;
      failed = true;
      const refusedOn = on;
      if (!refusedOn || refusedOn === refusedBefore || !isRefusal(error)) return onError(error);
      current();
      // Refused there: maybe moved away, or its mirror not landed yet, so asked again.
      placements.forget(key);
      const follow = (): Promise<void> =>
        placements.afterRefusal(key, refusedOn).then((next) => {
          if (stopped) return;
          // A long move: still waited for, the chat shows what it had meanwhile.
          if (next === 'moving') return follow();
          if (next) start(refusedOn);
          else onError(error);
        });
      void follow();
    });
  };
  start(null);
  return () => {
    stopped = true;
    current();
  };
}
