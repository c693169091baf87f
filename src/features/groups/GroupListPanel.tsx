import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { CloseIcon, HashIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import { strings } from '../../strings';
import { acceptGroup, leaveGroupInvitation } from './group-thunks';
import { moreGroupsRequested } from './groups-slice';
import { MemberStack } from './MemberStack';
import { selectGroupListRows, type GroupListRow } from './selectors';

/**
 * Groups someone else administers. 'Accept' joins a group I am invited to; on any other
 * group it asks its admin to let me in.
 */
export function GroupListPanel() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectGroupListRows);
  const directory = useAppSelector((state) => state.groups.directory);
  return (
    <Panel
      title={strings.panels.groupList}
      count={rows.length}
      status={directory.status}
      error={directory.error}
      isEmpty={rows.length === 0}
      empty={strings.home.empty.groupList}
      emptyIcon={<HashIcon />}
      footer={
        directory.hasMore ? (
          <LoadMoreButton
            loading={directory.loadingMore}
            onClick={() => dispatch(moreGroupsRequested())}
          />
        ) : null
      }
    >
      <RowList label={strings.panels.groupList}>
        {rows.map((row) => (
          <GroupRow key={row.group.id} row={row} />
        ))}
      </RowList>
    </Panel>
  );
}

function GroupRow({ row: { group, status } }: { row: GroupListRow }) {
  const dispatch = useAppDispatch();
  const name = group.groupName;
  const byAdmin = strings.home.createdBy(group.adminName);
  const subtitle =
    status === 'invited'
      ? `${strings.home.invitedYou} · ${byAdmin}`
      : status === 'requested'
        ? strings.home.askedToJoin
        : `${group.groupTag} · ${byAdmin}`;

  const accept = (
    <RowAction
      label={strings.relation.accept}
      context={name}
      onAction={() => dispatch(acceptGroup(group.id))}
    />
  );
  const actions =
    status === null ? (
      accept
    ) : status === 'invited' ? (
      <>
        <RowAction
          label={strings.home.decline}
          icon={<CloseIcon className="h-4 w-4" />}
          variant="secondary"
          context={name}
          onAction={() => dispatch(leaveGroupInvitation(group.id))}
        />
        {accept}
      </>
    ) : (
      <RowAction
        label={status === 'member' ? strings.home.member : strings.home.requested}
        context={name}
      />
    );

  return (
    <ListRow avatar={<Avatar name={name} />} title={name} subtitle={subtitle} actions={actions}>
      {status === 'member' ? (
        <MemberStack groupId={group.id} admin={{ uid: group.adminId, name: group.adminName }} />
      ) : null}
    </ListRow>
  );
}
