import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeviceRecord } from '../../lib/firebase/encryption';
import type { RootState } from '../../store/store';
import { resetPerSignedInUser } from '../../store/session';

interface EncryptionState {
  owner: string | null;
  /** This browser's device id once its key is loaded or made; null before, or when it cannot be. */
  thisDevice: string | null;
  /** 'unavailable': no key store here (IndexedDB refused), so nothing is published. */
  status: 'idle' | 'loading' | 'ready' | 'unavailable';
  /** My published devices, newest use first. */
  devices: DeviceRecord[];
}

const initialState: EncryptionState = {
  owner: null,
  thisDevice: null,
  status: 'idle',
  devices: [],
};

export const encryptionSlice = createSlice({
  name: 'encryption',
  initialState,
  reducers: {
    deviceReady(state, action: PayloadAction<string>) {
      state.thisDevice = action.payload;
      state.status = 'ready';
    },
    deviceUnavailable(state) {
      state.status = 'unavailable';
    },
    myDevicesReceived(state, action: PayloadAction<DeviceRecord[]>) {
      state.devices = [...action.payload].sort((a, b) => b.lastSeenAt - a.lastSeenAt);
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => ({ ...initialState, owner, status: 'loading' as const }),
      () => initialState,
    );
  },
});

export const { deviceReady, deviceUnavailable, myDevicesReceived } = encryptionSlice.actions;

export const selectEncryptionOwner = (state: RootState) => state.encryption.owner;
export const selectThisDevice = (state: RootState) => state.encryption.thisDevice;
export const selectMyDevices = (state: RootState) => state.encryption.devices;
export const selectEncryptionStatus = (state: RootState) => state.encryption.status;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof encryptionSlice> {}
}
