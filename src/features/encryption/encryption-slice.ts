import type { WithSlice } from '@reduxjs/toolkit';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
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
  /**
   * Which of them are approved: their signature verifies against my identity key (the one this
   * device holds, or the one it pinned). Null until first checked. Never the server's word.
   */
  signed: string[] | null;
  /** This device gave the account its identity key (the upgrade): 'Your encryption was upgraded'. */
  upgraded: boolean;
  /** My key backup: not read yet, none, made but its recovery key not confirmed saved, saved. */
  backup: 'unknown' | 'none' | 'unsaved' | 'saved';
  /** This device holds the backup key (it can show a new recovery key and back keys up). */
  holdsBackupKey: boolean;
  /** 'Save your recovery key' is open (at setup, or from the reminder). */
  recoveryPromptOpen: boolean;
  /**
   * Bumped whenever this device may read more old messages than before (approved elsewhere, or
   * a recovery key entered): a message shown 'Encrypted on another device' should try again.
   */
  keysRevision: number;
  /** This device was removed from another one: its keys are forgotten, its page says so. */
  removed: boolean;
}

const initialState: EncryptionState = {
  owner: null,
  thisDevice: null,
  status: 'idle',
  devices: [],
  signed: null,
  upgraded: false,
  backup: 'unknown',
  holdsBackupKey: false,
  recoveryPromptOpen: false,
  keysRevision: 0,
  removed: false,
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
    /** The ids of my devices whose signature verified (encryption-my-devices.ts). */
    devicesVerified(state, action: PayloadAction<string[]>) {
      const { thisDevice } = state;
      const before = thisDevice !== null && (state.signed ?? []).includes(thisDevice);
      state.signed = action.payload;
      if (thisDevice && !before && action.payload.includes(thisDevice)) state.keysRevision += 1;
    },
    encryptionUpgraded(state) {
      state.upgraded = true;
    },
    upgradeNoticeDismissed(state) {
      state.upgraded = false;
    },
    backupReceived(
      state,
      action: PayloadAction<{ exists: boolean; saved: boolean; holdsKey: boolean }>,
    ) {
      const { exists, saved, holdsKey } = action.payload;
      state.backup = !exists ? 'none' : saved ? 'saved' : 'unsaved';
      state.holdsBackupKey = holdsKey;
    },
    recoveryPromptOpened(state) {
      state.recoveryPromptOpen = true;
    },
    recoveryPromptClosed(state) {
      state.recoveryPromptOpen = false;
    },
    oldKeysArrived(state) {
      state.keysRevision += 1;
    },
    thisDeviceRemoved(state) {
      state.removed = true;
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

export const {
  deviceReady,
  deviceUnavailable,
  myDevicesReceived,
  devicesVerified,
  encryptionUpgraded,
  upgradeNoticeDismissed,
  backupReceived,
  recoveryPromptOpened,
  recoveryPromptClosed,
  oldKeysArrived,
  thisDeviceRemoved,
} = encryptionSlice.actions;

export const selectEncryptionOwner = (state: RootState) => state.encryption.owner;
export const selectThisDevice = (state: RootState) => state.encryption.thisDevice;
export const selectMyDevices = (state: RootState) => state.encryption.devices;
export const selectEncryptionUpgraded = (state: RootState) => state.encryption.upgraded;
/** My devices signed by my identity key (approved); null until checked. */
export const selectSignedDevices = (state: RootState) => state.encryption.signed;
export const selectEncryptionStatus = (state: RootState) => state.encryption.status;
export const selectBackupState = (state: RootState) => state.encryption.backup;
export const selectHoldsBackupKey = (state: RootState) => state.encryption.holdsBackupKey;
export const selectRecoveryPromptOpen = (state: RootState) => state.encryption.recoveryPromptOpen;
/** Changes when this device may open more old messages: retry those it could not. */
export const selectKeysRevision = (state: RootState) => state.encryption.keysRevision;
export const selectThisDeviceRemoved = (state: RootState) => state.encryption.removed;

/**
 * The key my drafts are sealed with comes with the backup key: 'unknown' until this device read
 * its backup (or found it cannot keep keys), then whether it holds it.
 */
export const selectDraftsKeyState = (state: RootState): 'unknown' | 'none' | 'held' => {
  const { holdsBackupKey, status, backup } = state.encryption;
  if (holdsBackupKey) return 'held';
  return status === 'unavailable' || backup !== 'unknown' ? 'none' : 'unknown';
};

/**
 * This device, once listed and checked: approved (signed by my identity key: by another device,
 * by itself as the first, or with the recovery key) or not.
 */
export const selectThisDeviceApproval = (state: RootState): 'unknown' | 'approved' | 'waiting' => {
  const { devices, thisDevice, signed } = state.encryption;
  if (!signed || !devices.some((d) => d.deviceId === thisDevice)) return 'unknown';
  return thisDevice !== null && signed.includes(thisDevice) ? 'approved' : 'waiting';
};

const EMPTY: DeviceRecord[] = [];
/**
 * My other devices not signed yet (shown to an approved device only). One the server says was
 * approved before identity keys (`approvedBy`) signs itself at its next start: no prompt for it,
 * and no key either until then.
 */
export const selectDevicesAwaitingApproval = createSelector(
  [
    (state: RootState) => state.encryption.devices,
    (state: RootState) => state.encryption.thisDevice,
    (state: RootState) => state.encryption.signed,
  ],
  (devices, thisDevice, signed) => {
    if (!signed) return EMPTY;
    const waiting = devices.filter(
      (d) => d.approvedBy === null && d.deviceId !== thisDevice && !signed.includes(d.deviceId),
    );
    return waiting.length ? waiting : EMPTY;
  },
);

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof encryptionSlice> {}
}
