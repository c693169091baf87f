import { useAppSelector } from '../../app/hooks';
import { UsersIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';
import { BlockFriendAction } from './BlockFriendAction';
import { selectListMeta } from './relationships-slice';
import { selectFriendRows, selectMyUid } from './selectors';

/**
 * The home dashboard's Friend List in the spec's form: my friends by name, each with 'Block'.
 * The messages screen lists the same friends as conversations (features/inbox).
 */
export function FriendListPanel() {
  const rows = useAppSelector(selectFriendRows);
  const me = useAppSelector(selectMyUid);
  const { status, error } = useAppSelector((state) => selectListMeta(state, 'friends'));
  return (
    <Panel
      title={strings.panels.friendList}
      count={rows.length}
      status={status}
      error={error}
      isEmpty={rows.length === 0}
      empty={strings.home.empty.friends}
      emptyIcon={<UsersIcon />}
    >
      <RowList label={strings.panels.friendList}>
        {rows.map(({ friendship, friend }) => (
          <ListRow
            key={friendship.id}
            avatar={
              <PersonAvatar
                uid={friend.uid}
                name={friend.name}
                // The record carries the sender's photo: only useful when the friend sent it.
                photo={friendship.senderId === me ? undefined : friendship.photo}
              />
            }
            title={friend.name}
            actions={<BlockFriendAction friendship={friendship} name={friend.name} />}
          />
        ))}
      </RowList>
    </Panel>
  );
}
