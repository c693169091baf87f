import { useAppSelector } from '../../app/hooks';
import { UsersIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';
import { BlockFriendAction } from './BlockFriendAction';
import { selectListMeta } from './relationships-slice';
import { selectFriendRows, selectMyUid, type FriendRow } from './selectors';

interface Props {
  /** Makes each friend selectable (the messages screen), highlighting this one. */
  selectedUid?: string | undefined;
  onSelect?: (row: FriendRow) => void;
}

/** My friends by name, each with 'Block'. */
export function FriendListPanel({ selectedUid, onSelect }: Props = {}) {
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
            onSelect={onSelect ? () => onSelect({ friendship, friend }) : undefined}
            selected={friend.uid === selectedUid}
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
