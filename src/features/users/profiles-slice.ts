import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoadStatus } from '../../lib/load-status';
import type { DirectoryUser } from '../../lib/firebase/records';
import { resetPerSignedInUser } from '../session';
import { userPageReceived } from './user-directory-slice';

interface ProfilesState {
  owner: string | null;
  /** The signed-in user's own `users/{uid}`: their name and photo as others see them. */
  me: DirectoryUser | null;
  meStatus: LoadStatus;
  /** Other people's profiles seen so far (for avatars); null when they have none. */
  byUid: Partial<Record<string, DirectoryUser | null>>;
}

const initialState: ProfilesState = { owner: null, me: null, meStatus: 'idle', byUid: {} };

/** Asks for profiles not known yet; the listener fetches each one once. */
export const profilesNeeded = createAction<string[]>('profiles/profilesNeeded');

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
    profileFetched(state, action: PayloadAction<{ uid: string; profile: DirectoryUser | null }>) {
      state.byUid[action.payload.uid] = action.payload.profile;
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => ({ ...initialState, owner, meStatus: 'loading' as const }),
      () => initialState,
    ).addCase(userPageReceived, (state, action) => {
      for (const user of action.payload.users) state.byUid[user.uid] = user;
    });
  },
});

export const { myProfileReceived, myProfileFailed, profileFetched } = profilesSlice.actions;

export type WithProfiles = { [profilesSlice.reducerPath]: ProfilesState };

export const selectMyProfile = (state: WithProfiles) => state.profiles.me;
export const selectMyProfileStatus = (state: WithProfiles) => state.profiles.meStatus;
/** undefined: not fetched yet; null: the user has no profile. */
export const selectProfile = (state: WithProfiles, uid: string) => state.profiles.byUid[uid];
