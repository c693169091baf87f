import { lazy, Suspense, type ComponentProps } from 'react';

// The recovery-key dialogs open on a click: formik (about 11 kB gzipped, which the login form
// also uses) and the recovery-key formatting load with the first opening, not with home.
const EnterRecoveryKey = lazy(() =>
  import('./EnterRecoveryKeyDialog').then((m) => ({ default: m.EnterRecoveryKeyDialog })),
);
const SaveRecoveryKey = lazy(() =>
  import('./SaveRecoveryKeyDialog').then((m) => ({ default: m.SaveRecoveryKeyDialog })),
);

export function EnterRecoveryKeyDialog(props: ComponentProps<typeof EnterRecoveryKey>) {
  return (
    <Suspense fallback={null}>
      <EnterRecoveryKey {...props} />
    </Suspense>
  );
}

export function SaveRecoveryKeyDialog() {
  return (
    <Suspense fallback={null}>
      <SaveRecoveryKey />
    </Suspense>
  );
}
