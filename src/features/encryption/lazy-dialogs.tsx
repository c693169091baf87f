import { lazyDialog } from '../../components/lazy-component';

// The recovery-key dialogs open on a click: formik (about 11 kB gzipped, which the login form
// also uses) and the recovery-key formatting load with the first opening, not with home.
export const LazyEnterRecoveryKeyDialog = lazyDialog(
  () => import('./EnterRecoveryKeyDialog'),
  'EnterRecoveryKeyDialog',
);
export const LazySaveRecoveryKeyDialog = lazyDialog(
  () => import('./SaveRecoveryKeyDialog'),
  'SaveRecoveryKeyDialog',
);
// 'Remove' on one of my devices asks for the recovery key (a form, like the two above).
export const LazyRemoveDeviceDialog = lazyDialog(
  () => import('./RemoveDeviceDialog'),
  'RemoveDeviceDialog',
);
// A removed device's page (it shows once, at most) loads when it is removed.
export const LazyRemovedDevicePage = lazyDialog(
  () => import('./RemovedDevicePage'),
  'RemovedDevicePage',
);
