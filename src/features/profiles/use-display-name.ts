import { useEffect, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectActiveUser } from '../../store/session';
import {
  profilesUnwatched,
  profilesWatched,
  selectDisplayName,
  selectIsDeletedAccount,
  selectProfile,
} from './profiles-slice';

/**
 * Keeps `users/{uid}` live while the calling component is on screen (one shared listener per
 * uid). Reopened after another sign-in, since signing in drops every cached profile.
 */
function useWatchProfile(uid: string | null | undefined): void {
  const dispatch = useAppDispatch();
  const owner = useAppSelector((state) => selectActiveUser(state)?.uid);
  useEffect(() => {
    if (!uid || !owner) return;
    dispatch(profilesWatched([uid]));
    return () => {
      dispatch(profilesUnwatched([uid]));
    };
  }, [dispatch, uid, owner]);
}

/**
 * A person's name as it is now: read live from `users/{uid}`, so a rename shows everywhere at
 * once. `copiedName` (the name a request, group or message recorded) shows while the profile
 * loads; a deleted account shows as such.
 */
export function useDisplayName(uid: string | null | undefined, copiedName: string): string {
  useWatchProfile(uid);
  return useAppSelector((state) => (uid ? selectDisplayName(state, uid, copiedName) : copiedName));
}

/** True once the person's account is known to be deleted (their `users/{uid}` is gone). */
export function useIsDeletedAccount(uid: string | null | undefined): boolean {
  useWatchProfile(uid);
  return useAppSelector((state) => (uid ? selectIsDeletedAccount(state, uid) : false));
}

/** The live profile (undefined while loading, null when deleted), for avatars. */
export function useLiveProfile(uid: string) {
  useWatchProfile(uid);
  return useAppSelector((state) => selectProfile(state, uid));
}

/**
 * Current names of several people (a group's members), in order, each falling back to its
 * copied name; keeps all of them live while shown.
 */
export function useDisplayNames(people: readonly { uid: string; name: string }[]): string[] {
  const dispatch = useAppDispatch();
  const owner = useAppSelector((state) => selectActiveUser(state)?.uid);
  const key = people.map((p) => p.uid).join('\n');
  const uids = useMemo(() => (key ? key.split('\n') : []), [key]);
  useEffect(() => {
    if (!owner || uids.length === 0) return;
    dispatch(profilesWatched(uids));
    return () => {
      dispatch(profilesUnwatched(uids));
    };
  }, [dispatch, uids, owner]);
  return useAppSelector(
    (state) => people.map((p) => selectDisplayName(state, p.uid, p.name)),
    shallowEqual,
  );
}

/** For each uid, whether the account is known to be deleted (pair with `useDisplayNames`). */
export function useDeletedAccounts(uids: readonly string[]): boolean[] {
  return useAppSelector(
    (state) => uids.map((uid) => selectIsDeletedAccount(state, uid)),
    shallowEqual,
  );
}
