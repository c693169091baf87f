import { lazyDialog } from '../../components/lazy-component';

// The group forms bring formik and yup (about 24 kB gzipped) that home does not need until a
// form opens: each loads with its first opening. Focus moves into the form when it mounts.
export const LazyCreateGroupModal = lazyDialog(
  () => import('./CreateGroupModal'),
  'CreateGroupModal',
);
export const LazyRenameGroupModal = lazyDialog(
  () => import('./RenameGroupModal'),
  'RenameGroupModal',
);
