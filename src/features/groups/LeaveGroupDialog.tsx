import { useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { Group } from '../../lib/firebase/records';
import { componentsStrings } from '../../components/components-strings';
import { groupsStrings } from './groups-strings';
import { leaveGroup } from './groups-thunks';

/** Asks before I leave a group; a failed write keeps the dialog open (the toast says why). */
export function LeaveGroupDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const result = await dispatch(leaveGroup(group.id));
    setBusy(false);
    if (leaveGroup.fulfilled.match(result)) onClose();
  };
  return (
    <Modal
      title={groupsStrings.groupChat.leaveTitle(group.groupName)}
      description={groupsStrings.groupChat.leaveBody}
      onClose={onClose}
    >
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onClose}>
          {componentsStrings.home.cancel}
        </Button>
        <Button loading={busy} onClick={() => void confirm()}>
          {groupsStrings.groupChat.leaveConfirm}
        </Button>
      </div>
    </Modal>
  );
}
