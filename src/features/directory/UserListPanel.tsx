import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { UserPlusIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import type { DirectoryUser } from '../../lib/firebase/records';
import { directoryStrings } from './directory-strings';
import { spec } from '../../strings/spec';
import {
  relationWith,
  selectMyUid,
  selectRelationIndex,
  sendFriendRequest,
  unblockUser,
  userListButton,
} from '../friends';
import { PersonAvatar } from '../profiles';
import {
  moreUsersRequested,
  selectDirectoryUsers,
  selectUserDirectory,
  userSearchChanged,
} from './directory-slice';
import { SearchBox } from './SearchBox';

/**
 * Everyone else, a page at a time, searchable by name on the server. Each row's button
 * follows the relationship (Add, 'panding', 'Friend', 'Unblock', 'Blocked').
 */
export function UserListPanel() {
  const dispatch = useAppDispatch();
  const directory = useAppSelector(selectUserDirectory);
  const users = useAppSelector(selectDirectoryUsers);
  const [text, setText] = useState(directory.search);

  const search = (value: string) => {
    setText(value);
    dispatch(userSearchChanged(value));
  };

  return (
    <Panel
      title={spec.panels.userList}
      status={directory.status}
      error={directory.error}
      toolbar={<SearchBox value={text} onChange={search} />}
      isEmpty={users.length === 0}
      empty={
        directory.search
          ? directoryStrings.empty.usersSearch(directory.search)
          : directoryStrings.empty.users
      }
      emptyIcon={<UserPlusIcon />}
      footer={
        directory.status === 'ready' && directory.hasMore ? (
          <LoadMoreButton
            loading={directory.loadingMore}
            onClick={() => dispatch(moreUsersRequested())}
          />
        ) : null
      }
    >
      <RowList label={spec.panels.userList}>
        {users.map((user) => (
          <UserRow key={user.uid} user={user} />
        ))}
      </RowList>
    </Panel>
  );
}

function UserRow({ user }: { user: DirectoryUser }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMyUid);
  const relation = useAppSelector((state) =>
    relationWith(selectRelationIndex(state), me, user.uid),
  );
  const button = userListButton(relation);
  if (!button) return null;

  const act = () => {
    if (button.action === 'sendRequest') {
      return dispatch(sendFriendRequest({ uid: user.uid, username: user.username }));
    }
    if (button.action === 'unblock' && relation.kind === 'blocking') {
      return dispatch(unblockUser(relation.block));
    }
    return undefined;
  };

  return (
    <ListRow
      avatar={<PersonAvatar uid={user.uid} name={user.username} photo={user.photo} />}
      title={user.username}
      actions={
        <RowAction
          label={button.label}
          context={user.username}
          variant={button.action === 'unblock' ? 'secondary' : 'primary'}
          onAction={button.action ? act : undefined}
        />
      }
    />
  );
}
