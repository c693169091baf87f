import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the app sees it; mirrored to local storage under 'activeUser'. */
export interface ActiveUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  emailVerified: boolean;
}

export interface SessionState {
  /** 'unknown' until Firebase Auth has restored (or not) the previous session. */
  status: 'unknown' | 'signedIn' | 'signedOut';
  activeUser: ActiveUser | null;
}

const initialState: SessionState = { status: 'unknown', activeUser: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userSignedIn(state, action: PayloadAction<ActiveUser>) {
      state.status = 'signedIn';
      state.activeUser = action.payload;
    },
    userSignedOut(state) {
      state.status = 'signedOut';
      state.activeUser = null;
    },
  },
  selectors: {
    selectActiveUser: (state) => state.activeUser,
    selectSessionStatus: (state) => state.status,
  },
});

export const { userSignedIn, userSignedOut } = sessionSlice.actions;
export const { selectActiveUser, selectSessionStatus } = sessionSlice.selectors;
