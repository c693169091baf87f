import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CloseIcon } from '../../components/icons';
import { RowAction } from '../../components/RowAction';
import { groupsStrings } from './groups-strings';
import type { GroupMembership } from '../../lib/firebase/records';
import { PersonAvatar, useDisplayName } from '../profiles';
import { removeFromGroup } from './groups-thunks';
import { selectRosterView } from './groups-selectors';

/** The admin's list of a group's members, each with 'Remove'. */
export function ManageMembers({ groupId }: { groupId: string }) {
  const { members } = useAppSelector((state) => selectRosterView(state, groupId));
  if (members.length === 0) return null;
  return (
    <ul
      aria-label={groupsStrings.home.members(members.length)}
      className="mt-2 flex flex-wrap gap-1.5 pl-15"
    >
      {members.map((entry) => (
        <MemberChip key={entry.uid} groupId={groupId} entry={entry} />
      ))}
    </ul>
  );
}

/** One member by their current name, with 'Remove'. */
function MemberChip({ groupId, entry }: { groupId: string; entry: GroupMembership }) {
  const dispatch = useAppDispatch();
  const name = useDisplayName(entry.uid, entry.username);
  return (
    <li
      aria-label={name}
      className="flex items-center gap-1.5 rounded-full bg-slate-50 py-0.5 pl-0.5 pr-1 ring-1 ring-slate-100"
    >
      <PersonAvatar uid={entry.uid} name={name} size="sm" />
      <span className="max-w-32 truncate text-xs font-medium text-slate-700">{name}</span>
      <RowAction
        label={groupsStrings.groupChat.remove}
        icon={<CloseIcon className="h-3.5 w-3.5" />}
        variant="secondary"
        context={name}
        onAction={() =>
          dispatch(
            removeFromGroup({ groupId, person: { uid: entry.uid, username: entry.username } }),
          )
        }
      />
    </li>
  );
}
