import type { AppStartListening } from '../../store/store';
import type { PresenceApi } from '../../lib/firebase/presence';
import { logoutFailed, logoutStarted, whileSignedIn } from '../../store/session';

/** The signed-in user's presence; `stop` is set while they are marked online. */
interface Presence {
  uid: string;
  api: PresenceApi;
  stop: (() => void) | null;
}

/**
 * Marks the signed-in user online from sign-in to sign-out. The logout flow signs out of
 * Firebase, after which the rules refuse the user's writes, so "offline" is written as the
 * logout starts (in the same dispatch, before the sign-out is sent), and undone if it fails.
 */
export function addPresenceListeners(startAppListening: AppStartListening): void {
  let current: Presence | null = null;

  const goOnline = (presence: Presence | null) => {
    if (presence && !presence.stop) presence.stop = presence.api.goOnline(presence.uid);
  };
  const goOffline = (presence: Presence | null) => {
    presence?.stop?.();
    if (presence) presence.stop = null;
  };

  whileSignedIn(startAppListening, (uid, { extra }) => {
    // Another user's sign-in opens theirs before the previous one closes, so each closes its own.
    const mine: Presence = { uid, api: extra.presence, stop: null };
    current = mine;
    goOnline(mine);
    return () => {
      goOffline(mine);
      if (current === mine) current = null;
    };
  });

  startAppListening({ actionCreator: logoutStarted, effect: () => goOffline(current) });
  startAppListening({ actionCreator: logoutFailed, effect: () => goOnline(current) });
}
