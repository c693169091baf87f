import { useAppDispatch } from '../../store/hooks';
import { groupsStrings } from './groups-strings';
import { GroupFormModal } from './GroupFormModal';
import { createGroup } from './groups-thunks';

/** The form behind My Groups' plus icon. A failed write keeps the form filled for a retry. */
export function CreateGroupModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <GroupFormModal
      title={groupsStrings.home.createGroupTitle}
      submitLabel={groupsStrings.home.createGroupButton}
      initialValues={{ groupName: '', groupTag: '' }}
      placeholders={{
        groupName: groupsStrings.home.groupNamePlaceholder,
        groupTag: groupsStrings.home.groupTagPlaceholder,
      }}
      onSave={async (fields) => createGroup.fulfilled.match(await dispatch(createGroup(fields)))}
      onClose={onClose}
    />
  );
}
