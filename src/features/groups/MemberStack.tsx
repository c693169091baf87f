import { useAppSelector } from '../../store/hooks';
import { groupsStrings } from './groups-strings';
import { PersonAvatar, useDisplayNames } from '../profiles';
import { selectRosterView } from './groups-selectors';

const SHOWN = 5;

interface Props {
  groupId: string;
  admin: { uid: string; name: string };
}

/** A group's people at a glance: overlapping avatars (admin first) and the count. */
export function MemberStack({ groupId, admin }: Props) {
  const { members } = useAppSelector((state) => selectRosterView(state, groupId));
  const people = [admin, ...members.map((m) => ({ uid: m.uid, name: m.username }))];
  // Current names (a rename shows at once); the roster's copies while they load.
  const names = useDisplayNames(people).join(', ');
  return (
    <div className="mt-2 flex items-center gap-2 pl-15" title={names}>
      <div className="flex -space-x-2">
        {people.slice(0, SHOWN).map((person) => (
          <PersonAvatar key={person.uid} uid={person.uid} name={person.name} size="sm" />
        ))}
      </div>
      <span className="text-xs font-medium text-slate-600">
        {groupsStrings.home.members(people.length)}
        <span className="sr-only">: {names}</span>
      </span>
    </div>
  );
}
