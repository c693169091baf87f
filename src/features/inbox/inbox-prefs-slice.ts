import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { LoadStatus } from '../../lib/load-status';
import { EMPTY_PREFS, type InboxPrefs } from '../../lib/firebase/inbox/shapes';
import { resetPerSignedInUser } from '../../store/session';

interface InboxPrefsState {
  owner: string | null;
  status: LoadStatus;
  /** `inboxPrefs/{me}`: mute, archive and pins, live. */
  prefs: InboxPrefs;
  /** The clock mutes are compared with, moved on by the listener so a mute ends on time. */
  now: number;
}

const initialState = (owner: string | null = null): InboxPrefsState => ({
  owner,
  status: owner ? 'loading' : 'idle',
  prefs: EMPTY_PREFS,
  now: Date.now(),
});

/** How I arrange my conversation list: muted, archived and pinned conversations. */
export const inboxPrefsSlice = createSlice({
  name: 'inboxPrefs',
  initialState: initialState(),
  reducers: {
    inboxPrefsReceived(state, action: PayloadAction<InboxPrefs>) {
      state.prefs = action.payload;
      state.status = 'ready';
      state.now = Date.now();
    },
    inboxPrefsFailed(state) {
      state.status = 'error';
    },
    inboxPrefsClockTicked(state, action: PayloadAction<number>) {
      state.now = action.payload;
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(builder, initialState, () => initialState());
  },
});

export const { inboxPrefsReceived, inboxPrefsFailed, inboxPrefsClockTicked } =
  inboxPrefsSlice.actions;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof inboxPrefsSlice> {}
}
