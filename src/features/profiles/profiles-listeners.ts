import type { Unsubscribe } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../store/store';
import { selectActiveUser, whileSignedIn } from '../../store/session';
import {
  myProfileFailed,
  myProfileReceived,
  profileFetched,
  profilesUnwatched,
  profilesWatched,
} from './profiles-slice';

/** One live `users/{uid}` listener per person on screen, closed when the last viewer leaves. */
class ProfileWatches {
  private readonly open = new Map<string, { count: number; close: Unsubscribe }>();

  constructor(private readonly subscribe: (uid: string) => Unsubscribe) {}

  add(uids: readonly string[]): void {
    for (const uid of uids) {
      const watch = this.open.get(uid);
      if (watch) watch.count += 1;
      else this.open.set(uid, { count: 1, close: this.subscribe(uid) });
    }
  }

  remove(uids: readonly string[]): void {
    for (const uid of uids) {
      const watch = this.open.get(uid);
      if (!watch) continue;
      watch.count -= 1;
      if (watch.count > 0) continue;
      watch.close();
      this.open.delete(uid);
    }
  }

  closeAll(): void {
    for (const watch of this.open.values()) watch.close();
    this.open.clear();
  }
}

/**
 * Keeps the signed-in user's own profile live, and the profiles of the people on screen, so a
 * new name or photo (or a deleted account) shows everywhere at once instead of the copies that
 * requests, friendships, groups and messages carry.
 */
export function addProfileListeners(startAppListening: AppStartListening): void {
  let watches: ProfileWatches | null = null;

  whileSignedIn(startAppListening, (uid, { dispatch, extra }) => {
    const closeMe = extra.directory.subscribeUser(
      uid,
      (me) => dispatch(myProfileReceived(me)),
      () => dispatch(myProfileFailed()),
    );
    const session = new ProfileWatches((other) =>
      extra.directory.subscribeProfile(
        other,
        (profile) => dispatch(profileFetched({ uid: other, profile })),
        // A refused or failed read leaves the copied name and initials; nothing to retry.
        () => undefined,
      ),
    );
    watches = session;
    return () => {
      closeMe();
      session.closeAll();
      if (watches === session) watches = null;
    };
  });

  startAppListening({
    actionCreator: profilesWatched,
    effect: (action, listenerApi) => {
      if (selectActiveUser(listenerApi.getState())) watches?.add(action.payload);
    },
  });

  startAppListening({
    actionCreator: profilesUnwatched,
    effect: (action) => {
      watches?.remove(action.payload);
    },
  });
}
