import type { ReactNode } from 'react';
import { useAppSelector } from '../../store/hooks';
import { UsersIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { componentsStrings } from '../../components/components-strings';
import { spec } from '../../strings/spec';
import type { FriendRequest } from '../../lib/firebase/records';
import { PersonAvatar, useDisplayName, useIsDeletedAccount } from '../profiles';
import { BlockFriendAction } from './BlockFriendAction';
import { selectListMeta } from './friends-slice';
import { selectFriendRows, selectMyUid } from './friends-selectors';

/**
 * The home dashboard's Friend List in the spec's form: my friends by name, each with 'Block'.
 * The messages screen lists the same friends as conversations (features/inbox).
 */
export function FriendListPanel() {
  const rows = useAppSelector(selectFriendRows);
  const me = useAppSelector(selectMyUid);
  return (
    <FriendListFrame count={rows.length}>
      {rows.map(({ friendship, friend }) => (
        <FriendRow
          key={friendship.id}
          friendship={friendship}
          friend={friend}
          // The record carries the sender's photo: only useful when the friend sent it.
          photo={friendship.senderId === me ? undefined : friendship.photo}
        />
      ))}
    </FriendListFrame>
  );
}

/**
 * The Friend List's panel around its rows: the spec's title, the friends' load state and the
 * empty state. Home fills it with friends, the messages screen with their conversations.
 */
export function FriendListFrame({ count, children }: { count: number; children: ReactNode }) {
  const { status, error } = useAppSelector((state) => selectListMeta(state, 'friends'));
  return (
    <Panel
      title={spec.panels.friendList}
      count={count}
      status={status}
      error={error}
      isEmpty={count === 0}
      empty={componentsStrings.home.empty.friends}
      emptyIcon={<UsersIcon />}
    >
      <RowList label={spec.panels.friendList}>{children}</RowList>
    </Panel>
  );
}

interface RowProps {
  friendship: FriendRequest;
  friend: { uid: string; name: string };
  photo: string | undefined;
}

/** One friend by their current name; a deleted account says so and offers nothing to do. */
function FriendRow({ friendship, friend, photo }: RowProps) {
  const name = useDisplayName(friend.uid, friend.name);
  const deleted = useIsDeletedAccount(friend.uid);
  return (
    <ListRow
      avatar={<PersonAvatar uid={friend.uid} name={name} photo={photo} />}
      title={name}
      subtitle={deleted ? componentsStrings.people.cannotReceive : undefined}
      actions={deleted ? undefined : <BlockFriendAction friendship={friendship} name={name} />}
    />
  );
}
