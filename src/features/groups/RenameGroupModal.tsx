import { useAppDispatch } from '../../store/hooks';
import type { Group } from '../../lib/firebase/records';
import { groupsStrings } from './groups-strings';
import { GroupFormModal } from './GroupFormModal';
import { renameGroup } from './groups-thunks';

/** The admin's rename form, with the creation form's name and tag rules. */
export function RenameGroupModal({ group, onClose }: { group: Group; onClose: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <GroupFormModal
      title={groupsStrings.groupChat.renameTitle(group.groupName)}
      submitLabel={groupsStrings.groupChat.save}
      initialValues={{ groupName: group.groupName, groupTag: group.groupTag }}
      onSave={async (fields) =>
        renameGroup.fulfilled.match(await dispatch(renameGroup({ groupId: group.id, fields })))
      }
      onClose={onClose}
    />
  );
}
