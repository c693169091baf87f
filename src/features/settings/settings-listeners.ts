import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { settingsFailed, settingsReceived } from './settings-slice';

/** My `settings/{uid}`, live from sign-in to sign-out (the page and the alerts read it). */
export function addSettingsListeners(startAppListening: AppStartListening): void {
  whileSignedIn(startAppListening, (uid, { dispatch, extra }) =>
    extra.settings.subscribe(
      uid,
      (values) => dispatch(settingsReceived(values)),
      () => dispatch(settingsFailed()),
    ),
  );
}
