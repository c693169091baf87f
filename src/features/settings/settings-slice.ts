import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import type { LoadStatus } from '../../lib/load-status';
import type { UserSettings } from '../../lib/firebase/settings';
import { resetPerSignedInUser } from '../../store/session';

interface SettingsState {
  owner: string | null;
  /** `settings/{uid}` with defaults filled in; null until it first loads. */
  values: UserSettings | null;
  status: LoadStatus;
}

const initialState: SettingsState = { owner: null, values: null, status: 'idle' };

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    settingsReceived(state, action: PayloadAction<UserSettings>) {
      state.values = action.payload;
      state.status = 'ready';
    },
    settingsFailed(state) {
      state.status = 'error';
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => ({ owner, values: null, status: 'loading' as const }),
      () => initialState,
    );
  },
});

export const { settingsReceived, settingsFailed } = settingsSlice.actions;

export const selectSettings = (state: RootState) => state.settings.values;
export const selectSettingsStatus = (state: RootState) => state.settings.status;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof settingsSlice> {}
}
