import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EmptyState } from '../../components/EmptyState';
import { UsersIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Modal } from '../../components/Modal';
import { RowAction } from '../../components/RowAction';
import type { Group } from '../../lib/firebase/records';
import { groupsStrings } from './groups-strings';
import { spec } from '../../strings/spec';
import { selectFriendRows } from '../friends';
import { PersonAvatar, useDisplayNames } from '../profiles';
import { approveJoinRequest, inviteFriend } from './groups-thunks';
import { selectRosterView } from './groups-selectors';

/** 'Add membar': my friends, each invitable once; their answer comes back live. */
export function AddMemberModal({ group, onClose }: { group: Group; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const friends = useAppSelector(selectFriendRows);
  // Current names: shown, and written into the invitation (the rules want the users record's).
  const names = useDisplayNames(friends.map((row) => row.friend));
  const roster = useAppSelector((state) => selectRosterView(state, group.id));
  const statusOf = new Map(
    [...roster.members, ...roster.invited, ...roster.requested].map((e) => [e.uid, e.status]),
  );

  return (
    <Modal
      title={groupsStrings.home.addMemberTitle(group.groupName)}
      description={groupsStrings.home.addMemberHint}
      onClose={onClose}
    >
      {friends.length === 0 ? (
        <EmptyState icon={<UsersIcon />} message={groupsStrings.home.empty.friendsToInvite} />
      ) : (
        <div className="-mx-3 max-h-[60vh] overflow-y-auto">
          <RowList label={spec.panels.friendList}>
            {friends.map(({ friendship, friend: copied }, i) => {
              const friend = { ...copied, name: names[i] ?? copied.name };
              const status = statusOf.get(friend.uid);
              const person = { uid: friend.uid, username: friend.name };
              const action =
                status === 'member' ? (
                  <RowAction label={groupsStrings.home.member} context={friend.name} />
                ) : status === 'invited' ? (
                  <RowAction label={groupsStrings.home.invited} context={friend.name} />
                ) : status === 'requested' ? (
                  <RowAction
                    label={groupsStrings.home.approve}
                    context={friend.name}
                    onAction={() => dispatch(approveJoinRequest({ groupId: group.id, person }))}
                  />
                ) : (
                  <RowAction
                    label={groupsStrings.home.invite}
                    context={friend.name}
                    onAction={() => dispatch(inviteFriend({ groupId: group.id, friend: person }))}
                  />
                );
              return (
                <ListRow
                  key={friendship.id}
                  avatar={<PersonAvatar uid={friend.uid} name={friend.name} />}
                  title={friend.name}
                  actions={action}
                />
              );
            })}
          </RowList>
        </div>
      )}
    </Modal>
  );
}
