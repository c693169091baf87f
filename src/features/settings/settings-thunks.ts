import { createAppAsyncThunk } from '../../store/create-app-thunk';
import type { NotificationKind } from '../../lib/firebase/notifications/shapes';
import type { UserSettings } from '../../lib/firebase/settings';
import { attemptWrite } from '../../lib/write-failure';
import { settingsStrings } from './settings-strings';
import { selectActiveUser } from '../../store/session';

type Simple = Exclude<keyof UserSettings, 'notifyKinds'>;
export type SettingChange =
  | { [K in Simple]: { key: K; value: UserSettings[K] } }[Simple]
  | { key: 'notifyKinds'; kind: NotificationKind; value: boolean };

/**
 * Saves one setting on its own. The stored value (and so the switch) changes only when the
 * server accepts it: a failure leaves the previous value and shows why (app-level toast).
 */
export const saveSetting = createAppAsyncThunk(
  'settings/save',
  (change: SettingChange, { getState, extra, rejectWithValue }) => {
    const uid = selectActiveUser(getState())?.uid;
    if (!uid) return rejectWithValue(settingsStrings.settings.saveFailed);
    return attemptWrite(
      settingsStrings.settings.saveFailed,
      () => {
        switch (change.key) {
          case 'notifyKinds':
            return extra.settings.saveKind(uid, change.kind, change.value);
          case 'friendRequests':
            return extra.settings.save(uid, 'friendRequests', change.value);
          default:
            return extra.settings.save(uid, change.key, change.value);
        }
      },
      rejectWithValue,
    );
  },
);
