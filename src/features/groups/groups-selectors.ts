import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import type { Group, GroupMembership, MembershipStatus } from '../../lib/firebase/records';
import { selectActiveUser } from '../../store/session';
import { selectMyMemberships } from './groups-memberships-slice';
import { groupSelectors } from './groups-slice';

const selectMyUid = (state: RootState) => selectActiveUser(state)?.uid ?? '';
const selectMineIds = (state: RootState) => state.groups.mine.ids;
const selectMemberships = (state: RootState) => state.memberships.mine;
const byName = (a: Group, b: Group) => a.groupName.localeCompare(b.groupName);
/** Entity tables hold only what listeners delivered: an id may have no record yet. */
const lookup = (entities: Record<string, Group>, id: string): Group | undefined => entities[id];

/** My Groups: the groups I administer, by name. */
export const selectMyGroups = createSelector(
  [groupSelectors.selectEntities, selectMineIds],
  (entities, ids) => ids.flatMap((id) => lookup(entities, id) ?? []).sort(byName),
);

/** Groups whose roster I may read: mine and those I belong to, as one comparable key. */
export const selectRosterKey = createSelector(
  [selectMineIds, selectMemberships],
  (mine, memberships) =>
    [
      ...new Set([
        ...mine,
        ...Object.keys(memberships).filter((id) => memberships[id] === 'member'),
      ]),
    ]
      .sort()
      .join(','),
);

/** Groups I have a status in, whose records are read one by one. */
export const selectMembershipKey = createSelector([selectMemberships], (memberships) =>
  Object.keys(memberships).sort().join(','),
);

export interface GroupListRow {
  group: Group;
  /** My place in it; null when I have none (the row offers to join). */
  status: MembershipStatus | null;
}

const statusOrder: Record<MembershipStatus, number> = { invited: 0, member: 1, requested: 2 };

/**
 * Group List: groups someone else administers. Those I am invited to come first, then mine as
 * a member, then those I asked to join, then the newest groups from the directory.
 */
export const selectGroupListRows = createSelector(
  [
    groupSelectors.selectEntities,
    selectMemberships,
    (state: RootState) => state.groups.directory.pages,
    selectMyUid,
  ],
  (entities, memberships, pages, me): GroupListRow[] => {
    const related: Array<{ group: Group; status: MembershipStatus }> = [];
    for (const [id, status] of Object.entries(memberships)) {
      const group = lookup(entities, id);
      if (group && group.adminId !== me) related.push({ group, status });
    }
    related.sort(
      (a, b) => statusOrder[a.status] - statusOrder[b.status] || byName(a.group, b.group),
    );
    const rows = new Map<string, GroupListRow>(related.map((row) => [row.group.id, row]));
    for (const id of pages.flat()) {
      const group = lookup(entities, id);
      if (group && group.adminId !== me && !rows.has(id)) rows.set(id, { group, status: null });
    }
    return [...rows.values()];
  },
);

export interface RosterView {
  members: GroupMembership[];
  invited: GroupMembership[];
  requested: GroupMembership[];
}

const emptyRoster: RosterView = { members: [], invited: [], requested: [] };

/** One group's roster split by status, each part by name. */
export const selectRosterView = createSelector(
  [
    (state: RootState, groupId: string): GroupMembership[] | undefined =>
      state.memberships.rosters[groupId],
  ],
  (entries): RosterView => {
    if (!entries) return emptyRoster;
    const sorted = [...entries].sort((a, b) => a.username.localeCompare(b.username));
    return {
      members: sorted.filter((e) => e.status === 'member'),
      invited: sorted.filter((e) => e.status === 'invited'),
      requested: sorted.filter((e) => e.status === 'requested'),
    };
  },
);

/** A group I know of (mine, a page of the list, or one opened on its own), or undefined. */
export const selectGroup = (state: RootState, groupId: string): Group | undefined =>
  groupSelectors.selectById(state, groupId);

/** Groups I run or belong to now: their entries count; former groups' entries do not. */
export const selectMyGroupIds = createSelector(
  [selectMineIds, selectMyMemberships],
  (mine, statuses): string[] => [
    ...new Set([...mine, ...Object.keys(statuses).filter((id) => statuses[id] === 'member')]),
  ],
);

/**
 * I run group `groupId` or am a current member, by my own live statuses (the rules' condition).
 * The emulator does not cancel a listener when the data its rule reads changes, so the client
 * closes the conversation itself the moment this turns false (I left or was removed).
 */
export const selectInGroup = (state: RootState, groupId: string): boolean =>
  selectGroup(state, groupId)?.adminId === selectMyUid(state) ||
  selectMyMemberships(state)[groupId] === 'member';

/** Both lists that make up my groups have answered (so a group missing from them is not mine). */
export const selectMyGroupsLoaded = (state: RootState): boolean =>
  state.groups.mine.status === 'ready' && state.memberships.status === 'ready';
