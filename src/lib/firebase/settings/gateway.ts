import { onValue, ref, set, type Database, type Unsubscribe } from 'firebase/database';
import { NOTIFICATION_KINDS, type NotificationKind } from '../notifications/shapes';

type FriendRequestPolicy = 'everyone' | 'nobody';

/** `settings/{uid}` with every default filled in (rules/settings.ts lists the keys). */
export interface UserSettings {
  /** Others may read my `status/{uid}` (online, last seen). */
  showPresence: boolean;
  /** Used by the inbox: read markers sent and shown. */
  readReceipts: boolean;
  friendRequests: FriendRequestPolicy;
  browserNotifications: boolean;
  /** A message's words (or 'Photo') in its browser notification; off shows only who wrote. */
  notificationPreviews: boolean;
  /** A short sound with each browser notification. */
  notificationSound: boolean;
  notifyKinds: Record<NotificationKind, boolean>;
}

export const DEFAULT_SETTINGS: UserSettings = {
  showPresence: true,
  readReceipts: true,
  friendRequests: 'everyone',
  browserNotifications: false,
  notificationPreviews: true,
  notificationSound: false,
  notifyKinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as Record<
    NotificationKind,
    boolean
  >,
};

/** Absent keys take their defaults; values of the wrong type are ignored the same way. */
function parseSettings(value: unknown): UserSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const kinds = (
    typeof v.notifyKinds === 'object' && v.notifyKinds !== null ? v.notifyKinds : {}
  ) as Record<string, unknown>;
  return {
    showPresence: v.showPresence !== false,
    readReceipts: v.readReceipts !== false,
    friendRequests: v.friendRequests === 'nobody' ? 'nobody' : 'everyone',
    browserNotifications: v.browserNotifications === true,
    notificationPreviews: v.notificationPreviews !== false,
    notificationSound: v.notificationSound === true,
    notifyKinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, kinds[kind] !== false]),
    ) as Record<NotificationKind, boolean>,
  };
}

type Simple = Exclude<keyof UserSettings, 'notifyKinds'>;

/** My preferences: each one saved on its own, so a failure leaves the others as they were. */
export function makeSettingsApi(db: Database) {
  return {
    subscribe(
      uid: string,
      onData: (settings: UserSettings) => void,
      onError: (error: Error) => void,
    ): Unsubscribe {
      return onValue(
        ref(db, `settings/${uid}`),
        (snapshot) => onData(parseSettings(snapshot.val())),
        onError,
      );
    },

    save<K extends Simple>(uid: string, key: K, value: UserSettings[K]): Promise<void> {
      return set(ref(db, `settings/${uid}/${key}`), value);
    },

    saveKind(uid: string, kind: NotificationKind, on: boolean): Promise<void> {
      return set(ref(db, `settings/${uid}/notifyKinds/${kind}`), on);
    },
  };
}

export type SettingsApi = ReturnType<typeof makeSettingsApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    settings: SettingsApi;
  }
}
