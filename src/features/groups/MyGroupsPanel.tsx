import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Avatar } from '../../components/Avatar';
import { IconButton } from '../../components/IconButton';
import { CloseIcon, PlusIcon, UsersIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import type { Group, GroupMembership } from '../../lib/firebase/records';
import { componentsStrings } from '../../components/components-strings';
import { groupsStrings } from './groups-strings';
import { spec } from '../../strings/spec';
import { PersonAvatar, useDisplayName } from '../profiles';
import { AddMemberModal } from './AddMemberModal';
import { LazyCreateGroupModal, LazyRenameGroupModal } from './lazy-modals';
import { ManageMembers } from './ManageMembers';
import { approveJoinRequest, removeFromGroup } from './groups-thunks';
import { MemberStack } from './MemberStack';
import { selectMyGroups, selectRosterView } from './groups-selectors';

/** The groups I administer: create one with +, invite friends with 'Add membar'. */
export function MyGroupsPanel() {
  const groups = useAppSelector(selectMyGroups);
  const { status, error } = useAppSelector((state) => state.groups.mine);
  const [creating, setCreating] = useState(false);
  const [addingTo, setAddingTo] = useState<Group | null>(null);
  const [renaming, setRenaming] = useState<Group | null>(null);
  return (
    <>
      <Panel
        title={spec.panels.myGroups}
        count={groups.length}
        status={status}
        error={error}
        action={
          <IconButton
            label={groupsStrings.home.createGroupLabel}
            icon={<PlusIcon />}
            tone="brand"
            onClick={() => setCreating(true)}
          />
        }
        isEmpty={groups.length === 0}
        empty={groupsStrings.home.empty.myGroups}
        emptyIcon={<UsersIcon />}
      >
        <RowList label={spec.panels.myGroups}>
          {groups.map((group) => (
            <MyGroupRow
              key={group.id}
              group={group}
              onAddMember={() => setAddingTo(group)}
              onRename={() => setRenaming(group)}
            />
          ))}
        </RowList>
      </Panel>
      {creating ? <LazyCreateGroupModal onClose={() => setCreating(false)} /> : null}
      {addingTo ? <AddMemberModal group={addingTo} onClose={() => setAddingTo(null)} /> : null}
      {renaming ? (
        <LazyRenameGroupModal group={renaming} onClose={() => setRenaming(null)} />
      ) : null}
    </>
  );
}

interface RowProps {
  group: Group;
  onAddMember: () => void;
  onRename: () => void;
}

function MyGroupRow({ group, onAddMember, onRename }: RowProps) {
  const { requested, invited } = useAppSelector((state) => selectRosterView(state, group.id));
  const subtitle =
    invited.length > 0
      ? `${group.groupTag} · ${invited.length} ${groupsStrings.home.invited.toLowerCase()}`
      : group.groupTag;
  return (
    <ListRow
      avatar={<Avatar name={group.groupName} />}
      title={group.groupName}
      subtitle={subtitle}
      actions={
        <>
          <RowAction
            label={groupsStrings.groupChat.rename}
            variant="secondary"
            context={group.groupName}
            onAction={() => {
              onRename();
              return undefined;
            }}
          />
          <RowAction
            label={spec.panels.addMember}
            context={group.groupName}
            onAction={() => {
              onAddMember();
              return undefined;
            }}
          />
        </>
      }
    >
      <MemberStack groupId={group.id} admin={{ uid: group.adminId, name: group.adminName }} />
      <ManageMembers groupId={group.id} />
      {requested.length > 0 ? (
        <ul aria-label={groupsStrings.home.wantsToJoin} className="mt-2 space-y-1">
          {requested.map((entry) => (
            <JoinRequestRow key={entry.uid} groupId={group.id} entry={entry} />
          ))}
        </ul>
      ) : null}
    </ListRow>
  );
}

/** A request to join, by the asker's current name, with decline and 'Approve'. */
function JoinRequestRow({ groupId, entry }: { groupId: string; entry: GroupMembership }) {
  const dispatch = useAppDispatch();
  const name = useDisplayName(entry.uid, entry.username);
  // Approving rewrites the entry, whose name the rules compare with the current users record.
  const person = { uid: entry.uid, username: name };
  return (
    <li aria-label={name} className="flex items-center gap-2 rounded-lg bg-amber-50 px-2 py-1.5">
      <PersonAvatar uid={entry.uid} name={name} size="sm" />
      <span className="min-w-0 flex-1 truncate text-sm text-slate-700">
        <span className="font-semibold">{name}</span> {groupsStrings.home.wantsToJoin}
      </span>
      <RowAction
        label={componentsStrings.home.decline}
        icon={<CloseIcon className="h-4 w-4" />}
        variant="secondary"
        context={name}
        onAction={() => dispatch(removeFromGroup({ groupId, person }))}
      />
      <RowAction
        label={groupsStrings.home.approve}
        context={name}
        onAction={() => dispatch(approveJoinRequest({ groupId, person }))}
      />
    </li>
  );
}
