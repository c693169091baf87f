import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CloseIcon } from '../../components/icons';
import { RowAction } from '../../components/RowAction';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';
import { removeFromGroup } from './group-thunks';
import { selectRosterView } from './selectors';

/** The admin's list of a group's members, each with 'Remove'. */
export function ManageMembers({ groupId }: { groupId: string }) {
  const dispatch = useAppDispatch();
  const { members } = useAppSelector((state) => selectRosterView(state, groupId));
  if (members.length === 0) return null;
  return (
    <ul
      aria-label={strings.home.members(members.length)}
      className="mt-2 flex flex-wrap gap-1.5 pl-[3.75rem]"
    >
      {members.map((entry) => (
        <li
          key={entry.uid}
          aria-label={entry.username}
          className="flex items-center gap-1.5 rounded-full bg-slate-50 py-0.5 pl-0.5 pr-1 ring-1 ring-slate-100"
        >
          <PersonAvatar uid={entry.uid} name={entry.username} size="sm" />
          <span className="max-w-[8rem] truncate text-xs font-medium text-slate-700">
            {entry.username}
          </span>
          <RowAction
            label={strings.groupChat.remove}
            icon={<CloseIcon className="h-3.5 w-3.5" />}
            variant="secondary"
            context={entry.username}
            onAction={() =>
              dispatch(
                removeFromGroup({ groupId, person: { uid: entry.uid, username: entry.username } }),
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}
