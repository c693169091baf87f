import { lazy, Suspense, type ComponentProps } from 'react';

// The group forms bring formik and yup (about 24 kB gzipped) that home does not need until a
// form opens: each loads with its first opening. Focus moves into the form when it mounts.
const CreateGroup = lazy(() =>
  import('./CreateGroupModal').then((m) => ({ default: m.CreateGroupModal })),
);
const RenameGroup = lazy(() =>
  import('./RenameGroupModal').then((m) => ({ default: m.RenameGroupModal })),
);

export function CreateGroupModal(props: ComponentProps<typeof CreateGroup>) {
  return (
    <Suspense fallback={null}>
      <CreateGroup {...props} />
    </Suspense>
  );
}

export function RenameGroupModal(props: ComponentProps<typeof RenameGroup>) {
  return (
    <Suspense fallback={null}>
      <RenameGroup {...props} />
    </Suspense>
  );
}
