import type { WithSlice } from '@reduxjs/toolkit';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoadStatus } from '../../lib/load-status';
import type { DirectoryUser } from '../../lib/firebase/records';
import { profilesStrings } from './profiles-strings';
import { resetPerSignedInUser } from '../../store/session';

interface ProfilesState {
  owner: string | null;
  /** The signed-in user's own `users/{uid}`: their name and photo as others see them. */
  me: DirectoryUser | null;
  meStatus: LoadStatus;
  /**
   * Other people's profiles seen so far, kept live while a screen shows them; null when the
   * record is gone (a deleted account).
   */
  byUid: Partial<Record<string, DirectoryUser | null>>;
}

const initialState: ProfilesState = { owner: null, me: null, meStatus: 'idle', byUid: {} };

/** A screen shows these people: keep their profiles live (one listener per uid, counted). */
export const profilesWatched = createAction<string[]>('profiles/profilesWatched');
/** The screen no longer shows them: the last one to stop closes the listener. */
export const profilesUnwatched = createAction<string[]>('profiles/profilesUnwatched');
/** Kept for callers that only need the profile once: the same as watching until sign-out. */
export const profilesNeeded = profilesWatched;

export const profilesSlice = createSlice({
  name: 'profiles',
  initialState,
  reducers: {
    myProfileReceived(state, action: PayloadAction<DirectoryUser | null>) {
      state.me = action.payload;
      state.meStatus = 'ready';
    },
    myProfileFailed(state) {
      state.meStatus = 'error';
    },
    /** Profiles read elsewhere (a page of the user directory) are as fresh as fetched ones. */
    profilesSeen(state, action: PayloadAction<DirectoryUser[]>) {
      for (const user of action.payload) state.byUid[user.uid] = user;
    },
    profileFetched(state, action: PayloadAction<{ uid: string; profile: DirectoryUser | null }>) {
      state.byUid[action.payload.uid] = action.payload.profile;
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => ({ ...initialState, owner, meStatus: 'loading' as const }),
      () => initialState,
    );
  },
});

export const { myProfileReceived, myProfileFailed, profilesSeen, profileFetched } =
  profilesSlice.actions;

export type WithProfiles = { [profilesSlice.reducerPath]: ProfilesState };

export const selectMyProfile = (state: WithProfiles) => state.profiles.me;
export const selectMyProfileStatus = (state: WithProfiles) => state.profiles.meStatus;
/** undefined: not fetched yet; null: the user has no profile (a deleted account). */
export const selectProfile = (state: WithProfiles, uid: string) => state.profiles.byUid[uid];

/** A person's current name; the copied one while their profile loads; deleted when it is gone. */
export function selectDisplayName(state: WithProfiles, uid: string, copiedName: string): string {
  const profile = selectProfile(state, uid);
  if (profile === undefined) return copiedName;
  return profile === null ? profilesStrings.people.deletedAccount : profile.username;
}

/** True once the person's `users/{uid}` record is known to be gone. */
export const selectIsDeletedAccount = (state: WithProfiles, uid: string) =>
  selectProfile(state, uid) === null;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof profilesSlice> {}
}
