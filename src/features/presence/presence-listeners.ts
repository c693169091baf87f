import type { AppStartListening } from '../../app/listener-middleware';
import { presenceApi, type PresenceApi } from '../../lib/firebase/presence';
import { logoutFailed, logoutStarted, whileSignedIn } from '../auth';

/** The signed-in user's presence; `stop` is set while they are marked online. */
interface Presence {
  uid: string;
  stop: (() => void) | null;
}

/**
 * Marks the signed-in user online from sign-in to sign-out. The logout flow signs out of
 * Firebase, after which the rules refuse the user's writes, so "offline" is written as the
 * logout starts (in the same dispatch, before the sign-out is sent), and undone if it fails.
 */
export function addPresenceListeners(
  startAppListening: AppStartListening,
  api: PresenceApi = presenceApi,
): void {
  let current: Presence | null = null;

  const goOnline = (presence: Presence | null) => {
    if (presence && !presence.stop) presence.stop = api.goOnline(presence.uid);
  };
  const goOffline = (presence: Presence | null) => {
    presence?.stop?.();
    if (presence) presence.stop = null;
  };

  whileSignedIn(startAppListening, (uid) => {
    // Another user's sign-in opens theirs before the previous one closes, so each closes its own.
    const mine: Presence = { uid, stop: null };
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
