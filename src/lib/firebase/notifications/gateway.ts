import {
  equalTo,
  get,
  limitToLast,
  onValue,
  orderByChild,
  query,
  ref,
  serverTimestamp,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import {
  notificationId,
  parseNotification,
  type AppNotification,
  type NotificationInput,
} from './record';
import { parseChildren } from '../scoped-query';
import { followPlacedNotifications, updateWhereStored } from './placed';

type OnError = (error: Error) => void;

/**
 * The changes that add a notification for `to` to an action's own root update: the rules accept
 * it only in the same write as that action (rules/notifications.ts).
 */
export function notificationChanges(to: string, input: NotificationInput): Record<string, unknown> {
  const path = `notifications/${to}/${notificationId(input)}`;
  return { [path]: { ...input, at: serverTimestamp(), read: false } };
}

/** How long an action waits for what its notification needs before going unannounced. */
const READ_WAIT_MS = 3000;

/**
 * One value read for a notification, or null when it cannot be had at once: `get()` waits for
 * the server while offline, and the action itself must not (its update is queued as before).
 */
export async function readForNotification(db: Database, path: string): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READ_WAIT_MS);
  });
  try {
    const snapshot = await Promise.race([get(ref(db, path)), timeout]);
    return snapshot ? (snapshot.val() as unknown) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** `uid`'s name as `users/{uid}` has it now: the rules compare a notification's actorName with it. */
export async function currentName(db: Database, uid: string): Promise<string | null> {
  const name = await readForNotification(db, `users/${uid}/username`);
  return typeof name === 'string' ? name : null;
}

/** My feed (`notifications/{uid}`): read, marked read and deleted by me alone. */
export function makeNotificationsApi(db: Database) {
  const mine = (uid: string) => ref(db, `notifications/${uid}`);
  /** Where each mention read from another instance lives (placed.ts): its marks go there. */
  const placedAt = new Map<string, number>();
  const instanceOfPath = (path: string) => placedAt.get(path.split('/')[2] ?? '') ?? 0;
  /** The directory's entries (`attach`) with my mentions on other instances, through `pick`. */
  const withPlaced = (
    uid: string,
    attach: (onHere: (items: AppNotification[]) => void) => Unsubscribe,
    pick: (items: AppNotification[]) => AppNotification[],
    onData: (items: AppNotification[]) => void,
  ): Unsubscribe => {
    let here: AppNotification[] | null = null;
    let others: AppNotification[] = [];
    const emit = () => {
      if (here) onData(pick([...here, ...others]));
    };
    const stopHere = attach((items) => {
      here = items;
      emit();
    });
    const stopOthers = followPlacedNotifications(db, uid, (byInstance) => {
      for (const [instance, items] of byInstance) {
        for (const item of items) placedAt.set(item.id, instance);
      }
      others = [...byInstance.values()].flat();
      emit();
    });
    return () => {
      stopHere();
      stopOthers();
    };
  };

  return {
    /**
     * My newest `limit` entries by time, live (ids are the actions' keys, not in time order),
     * mentions on other instances included.
     */
    subscribeLatest(
      uid: string,
      limit: number,
      onData: (items: AppNotification[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return withPlaced(
        uid,
        (onHere) =>
          onValue(
            query(mine(uid), orderByChild('at'), limitToLast(limit)),
            (snapshot) => onHere(parseChildren(snapshot.val(), parseNotification)),
            onError,
          ),
        (items) => [...items].sort((a, b) => b.at - a.at).slice(0, limit),
        onData,
      );
    },

    /** My unread entries, live, whatever their age: the bell's count and the toasts. */
    subscribeUnread(
      uid: string,
      onData: (items: AppNotification[]) => void,
      onError: OnError,
    ): Unsubscribe {
      return withPlaced(
        uid,
        (onHere) =>
          onValue(
            query(mine(uid), orderByChild('read'), equalTo(false)),
            (snapshot) => onHere(parseChildren(snapshot.val(), parseNotification)),
            onError,
          ),
        (items) => items.filter((item) => !item.read),
        onData,
      );
    },

    /** Marks these entries read in one update. */
    markRead(uid: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return Promise.resolve();
      const changes: Record<string, boolean> = {};
      for (const id of ids) changes[`notifications/${uid}/${id}/read`] = true;
      return updateWhereStored(db, changes, instanceOfPath);
    },

    remove(uid: string, id: string): Promise<void> {
      return updateWhereStored(db, { [`notifications/${uid}/${id}`]: null }, instanceOfPath);
    },
  };
}

export type NotificationsApi = ReturnType<typeof makeNotificationsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    notifications: NotificationsApi;
  }
}
