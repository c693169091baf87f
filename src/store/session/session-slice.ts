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
  /**
   * True from a logout click until the next sign-in, so the guard can tell a deliberate
   * logout (go to /login quietly) from a visit without a session ('Login failed').
   */
  loggingOut: boolean;
  /** The signed-in screens' data code could not be downloaded: only a reload can fetch it. */
  dataLoadFailed: boolean;
}

const initialState: SessionState = {
  status: 'unknown',
  activeUser: null,
  loggingOut: false,
  dataLoadFailed: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userSignedIn(state, action: PayloadAction<ActiveUser>) {
      state.status = 'signedIn';
      state.activeUser = action.payload;
      state.loggingOut = false;
    },
    userSignedOut(state) {
      state.status = 'signedOut';
      state.activeUser = null;
    },
    logoutStarted(state) {
      state.loggingOut = true;
    },
    logoutFailed(state) {
      state.loggingOut = false;
    },
    dataLoadFailed(state) {
      state.dataLoadFailed = true;
    },
  },
  selectors: {
    selectActiveUser: (state) => state.activeUser,
    selectSessionStatus: (state) => state.status,
    selectLoggingOut: (state) => state.loggingOut,
    selectDataLoadFailed: (state) => state.dataLoadFailed,
  },
});

export const { userSignedIn, userSignedOut, logoutStarted, logoutFailed, dataLoadFailed } =
  sessionSlice.actions;
export const { selectActiveUser, selectSessionStatus, selectLoggingOut, selectDataLoadFailed } =
  sessionSlice.selectors;
