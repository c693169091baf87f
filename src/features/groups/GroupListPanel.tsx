import { useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Avatar } from '../../components/Avatar';
import { CloseIcon, HashIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import type { Group, MembershipStatus } from '../../lib/firebase/records';
import { componentsStrings } from '../../components/components-strings';
import { groupsStrings } from './groups-strings';
import { spec } from '../../strings/spec';
import { useDisplayName } from '../profiles';
import { acceptGroupAsShown, leaveGroupInvitation } from './groups-thunks';
import { moreGroupsRequested } from './groups-slice';
import { LeaveGroupDialog } from './LeaveGroupDialog';
import { MemberStack } from './MemberStack';
import { selectGroupListRows, selectMyGroups } from './groups-selectors';

interface Props {
  /** Opens a group's conversation (messages page): rows I run or belong to become buttons. */
  onOpen?: (groupId: string) => void;
  selectedId?: string | null;
  /**
   * Where conversations open, a group's row is also its conversation line (last message, time,
   * unread): the route passes the inbox feature's hook for it.
   */
  useSummary?: (groupId: string, name: string) => GroupRowSummary | null;
  /** Where conversations open, the inbox's order: pinned first, archived apart. */
  useArrangement?: (groupIds: readonly string[]) => GroupArrangement;
}

/** The rows' order by id, and the archived ones after a heading. */
export interface GroupArrangement {
  main: readonly string[];
  archived: readonly string[];
  heading: ReactNode;
}

/** What a row shows of its conversation instead of its plain subtitle. */
export interface GroupRowSummary {
  subtitle: ReactNode;
  meta: ReactNode;
  badge: ReactNode;
}

const noSummary = (): GroupRowSummary | null => null;
const asListed = (ids: readonly string[]): GroupArrangement => ({
  main: ids,
  archived: [],
  heading: null,
});

type RowStatus = MembershipStatus | 'admin' | null;

/**
 * Groups someone else administers (and, where conversations open, mine first). 'Accept' joins a
 * group I am invited to; on any other group it asks its admin to let me in.
 */
export function GroupListPanel({
  onOpen,
  selectedId = null,
  useSummary = noSummary,
  useArrangement = asListed,
}: Props) {
  const dispatch = useAppDispatch();
  const others = useAppSelector(selectGroupListRows);
  const mine = useAppSelector(selectMyGroups);
  const directory = useAppSelector((state) => state.groups.directory);
  const [leaving, setLeaving] = useState<Group | null>(null);
  const rows: Array<{ group: Group; status: RowStatus }> = onOpen
    ? [...mine.map((group) => ({ group, status: 'admin' as const })), ...others]
    : others;
  const arranged = useArrangement(rows.map((row) => row.group.id));
  const byId = new Map(rows.map((row) => [row.group.id, row]));
  const rowsOf = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const groupRow = (row: (typeof rows)[number]) => (
    <GroupRow
      key={row.group.id}
      group={row.group}
      status={row.status}
      selected={row.group.id === selectedId}
      onOpen={onOpen}
      useSummary={useSummary}
      onLeave={() => setLeaving(row.group)}
    />
  );
  return (
    <>
      <Panel
        title={spec.panels.groupList}
        count={rows.length}
        status={directory.status}
        error={directory.error}
        isEmpty={rows.length === 0}
        empty={groupsStrings.home.empty.groupList}
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
        <RowList label={spec.panels.groupList}>
          {rowsOf(arranged.main).map(groupRow)}
          {arranged.archived.length > 0 ? arranged.heading : null}
          {rowsOf(arranged.archived).map(groupRow)}
        </RowList>
      </Panel>
      {leaving ? <LeaveGroupDialog group={leaving} onClose={() => setLeaving(null)} /> : null}
    </>
  );
}

interface RowProps {
  group: Group;
  status: RowStatus;
  selected: boolean;
  onOpen?: (groupId: string) => void;
  useSummary: (groupId: string, name: string) => GroupRowSummary | null;
  onLeave: () => void;
}

function GroupRow({ group, status, selected, onOpen, useSummary, onLeave }: RowProps) {
  const dispatch = useAppDispatch();
  const name = group.groupName;
  const byAdmin = groupsStrings.home.createdBy(useDisplayName(group.adminId, group.adminName));
  const subtitle =
    status === 'invited'
      ? `${groupsStrings.home.invitedYou} · ${byAdmin}`
      : status === 'requested'
        ? groupsStrings.home.askedToJoin
        : status === 'admin'
          ? group.groupTag
          : `${group.groupTag} · ${byAdmin}`;

  // Keyed, so 'Accept' stays the same button when an invitation turns it into 'Decline' and
  // 'Accept': a click landing while the row changes is not lost between two buttons.
  const accept = (
    <RowAction
      key="accept"
      label={spec.relation.accept}
      context={name}
      onAction={() =>
        dispatch(
          acceptGroupAsShown({ groupId: group.id, shown: status === 'invited' ? 'invited' : null }),
        )
      }
    />
  );
  const decline = (label: string) => (
    <RowAction
      key="decline"
      label={label}
      icon={
        label === componentsStrings.home.decline ? <CloseIcon className="h-4 w-4" /> : undefined
      }
      variant="secondary"
      context={name}
      onAction={() => dispatch(leaveGroupInvitation(group.id))}
    />
  );
  const actions =
    status === null ? (
      [accept]
    ) : status === 'invited' ? (
      [decline(componentsStrings.home.decline), accept]
    ) : status === 'requested' ? (
      decline(groupsStrings.groupChat.cancelRequest)
    ) : status === 'member' ? (
      <RowAction
        label={groupsStrings.groupChat.leave}
        variant="danger"
        context={name}
        onAction={() => {
          onLeave();
          return undefined;
        }}
      />
    ) : null;
  const canOpen = onOpen && (status === 'member' || status === 'admin');
  const line = useSummary(group.id, name);
  const summary = canOpen ? line : null;

  return (
    <ListRow
      avatar={<Avatar name={name} />}
      title={name}
      subtitle={summary ? summary.subtitle : subtitle}
      meta={summary ? summary.meta : undefined}
      actions={
        summary ? (
          <>
            {summary.badge}
            {actions}
          </>
        ) : (
          actions
        )
      }
      selected={selected}
      onSelect={canOpen ? () => onOpen(group.id) : undefined}
    >
      {status === 'member' || status === 'admin' ? (
        <MemberStack groupId={group.id} admin={{ uid: group.adminId, name: group.adminName }} />
      ) : null}
    </ListRow>
  );
}
