import type { AppStartListening } from '../../app/store';
import { selectActiveUser, whileSignedIn } from '../session';
import {
  myProfileFailed,
  myProfileReceived,
  profileFetched,
  profilesNeeded,
  selectProfile,
} from './profiles-slice';

/**
 * Keeps the signed-in user's own profile live, and fetches other people's profiles once each
 * when an avatar needs them (their records only carry a name and the sender's photo).
 */
export function addProfileListeners(startAppListening: AppStartListening): void {
  const inFlight = new Set<string>();

  whileSignedIn(startAppListening, (uid, { dispatch, extra }) => {
    inFlight.clear();
    return extra.userDirectory.subscribeUser(
      uid,
      (me) => dispatch(myProfileReceived(me)),
      () => dispatch(myProfileFailed()),
    );
  });

  startAppListening({
    actionCreator: profilesNeeded,
    effect: async (action, listenerApi) => {
      const owner = selectActiveUser(listenerApi.getState())?.uid;
      const missing = action.payload.filter(
        (uid) => !inFlight.has(uid) && selectProfile(listenerApi.getState(), uid) === undefined,
      );
      await Promise.all(
        missing.map(async (uid) => {
          inFlight.add(uid);
          // A failed read leaves the avatar on its initials; nothing to retry for the user.
          const profile = await listenerApi.extra.userDirectory.getUser(uid).catch(() => null);
          if (selectActiveUser(listenerApi.getState())?.uid !== owner) return;
          listenerApi.dispatch(profileFetched({ uid, profile }));
        }),
      );
    },
  });
}
